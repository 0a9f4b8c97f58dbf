// The service's scan-safety verdict as the console shows it, wherever a code is drawn: the score as a meter in the
// service's own bands, the status, and each warning as the service words it (never judged again in the browser).

import {field, h} from './dom.js';

/** Score bands of docs/api.md, "Scan safety": below 50 a code is RISKY, from 80 OPTIMAL. */
const BANDS = {low: 50, high: 80};

/**
 * An empty verdict display; show(safety) fills it. With announce, the score and status are spoken when they change
 * (a live preview); otherwise the caller says what happened once for all of them.
 */
export function verdictView({announce = false} = {}) {
    const meter = h('meter', {min: 0, max: 100, low: BANDS.low, high: BANDS.high, optimum: 100, value: 0});
    const badge = h('span', {class: 'badge'});
    const score = h('span', {class: 'safety-score'});
    const unverified = h('span', {class: 'muted', text: 'not read back', hidden: true});
    const warnings = h('ul', {class: 'warnings', 'aria-label': 'Warnings'});
    const element = h('div', {class: 'safety'}, field('Scan safety', meter),
        h('p', {class: 'row', role: announce ? 'status' : null, 'aria-live': announce ? 'polite' : null},
            badge, score, unverified),
        warnings);
    return {
        element,
        show(safety) {
            meter.value = safety.score;
            badge.className = `badge ${safety.status}`;
            badge.textContent = safety.status;
            score.textContent = `${safety.score} / 100`;
            unverified.hidden = safety.verified !== false;
            warnings.replaceChildren(...(safety.warnings.length
                ? safety.warnings.map((line) => h('li', {text: line}))
                : [h('li', {class: 'muted none', text: 'No warnings.'})]));
        },
    };
}
