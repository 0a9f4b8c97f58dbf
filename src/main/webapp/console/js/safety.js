// The service's scan-safety verdict as the console shows it, wherever a code is drawn: the score as a meter in the
// service's own bands, the status, what cost points (safety.deductions, by signal), and each warning as the service
// words it, with its cost (never judged again in the browser).

import {field, h} from './dom.js';

/** Score bands of docs/api.md, "Scan safety": below 50 a code is RISKY, from 80 OPTIMAL. */
const BANDS = {low: 50, high: 80};

/** The signals of safety.deductions (docs/api.md, "Scan safety") as a designer reads them. */
const SIGNALS = {
    zxing_unread: 'ZXing read-back',
    boofcv_unread: 'BoofCV read-back',
    camera_view: 'Camera view',
    contrast: 'Contrast',
    inverted: 'Inverted colours',
    transparent: 'Transparent background',
    module_size: 'Module size',
    print_module_size: 'Printed module size',
    quiet_zone: 'Quiet zone',
    version: 'Density',
    eye_frame: 'Eye frame',
    eye_ball: 'Eye ball',
    logo_coverage: 'Logo size',
    busy_logo: 'Busy logo',
    finder_like_logo: 'Eye-like logo',
    ground_contrast: 'Background contrast',
    busy_ground: 'Busy background',
};

const signalName = (signal) => SIGNALS[signal] ?? signal.replaceAll('_', ' ');

/**
 * The warnings with what each cost, costliest first and advice (0 points) last; without deductions (codes judged
 * before the service kept them) the warnings alone, in the service's order.
 */
function costed(safety) {
    const deductions = safety.deductions ?? [];
    const lines = safety.warnings.map((text, i) => ({text, deduction: deductions[i]}));
    if (deductions.length === safety.warnings.length) {
        lines.sort((a, b) => b.deduction.points - a.deduction.points);
    }
    return lines;
}

/**
 * An empty verdict display; show(safety) fills it. With announce, the score and status are spoken when they change
 * (a live preview); otherwise the caller says what happened once for all of them.
 */
export function verdictView({announce = false} = {}) {
    const meter = h('meter', {min: 0, max: 100, low: BANDS.low, high: BANDS.high, optimum: 100, value: 0});
    const badge = h('span', {class: 'badge'});
    const score = h('span', {class: 'safety-score'});
    const unverified = h('span', {class: 'muted', text: 'not read back', hidden: true});
    const breakdown = h('p', {class: 'muted safety-breakdown', hidden: true});
    const warnings = h('ul', {class: 'warnings', 'aria-label': 'Warnings'});
    const element = h('div', {class: 'safety'}, field('Scan safety', meter),
        h('p', {class: 'row', role: announce ? 'status' : null, 'aria-live': announce ? 'polite' : null},
            badge, score, unverified),
        breakdown, warnings);
    return {
        element,
        show(safety) {
            meter.value = safety.score;
            badge.className = `badge ${safety.status}`;
            badge.textContent = safety.status;
            score.textContent = `${safety.score} / 100`;
            unverified.hidden = safety.verified !== false;
            const lines = costed(safety);
            const costs = lines.filter((line) => line.deduction?.points > 0);
            breakdown.hidden = costs.length === 0;
            breakdown.textContent = costs.length
                ? `Points off: ${costs.map((line) => `−${line.deduction.points} ${signalName(line.deduction.signal)}`)
                    .join(' · ')}` : '';
            warnings.replaceChildren(...(lines.length
                ? lines.map(({text, deduction}) => h('li', {},
                    ...(deduction ? [h('span', {class: 'deduction', text: deduction.points > 0
                        ? `−${deduction.points} ${signalName(deduction.signal)}:`
                        : `${signalName(deduction.signal)}, no points:`}), ' '] : []),
                    text))
                : [h('li', {class: 'muted none', text: 'No warnings.'})]));
        },
    };
}
