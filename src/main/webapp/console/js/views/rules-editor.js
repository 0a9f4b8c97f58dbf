// The smart-routing rules editor: an ordered list of rules, each a set of conditions and either one destination or
// a weighted A/B split. Conditions are added one by one from a menu (as in Shlink and Uniqode) rather than shown
// all at once: a rule usually has one or two, and twenty empty inputs per rule would bury them.
// Every control carries the API path of its value (`rules[1].split[0].weight`), so field errors land on it.

import {field, h, select, uid} from '../dom.js';
import {fromLocalInput, LOCAL_TIME_HINT, splitList, toLocalInput} from '../forms.js';

// The API's own lists (docs/api.md, "Smart routing rules"), in its canonical spelling.
const CHOICES = {
    os: ['iOS', 'Android', 'Windows', 'macOS', 'Linux', 'ChromeOS'],
    device: ['mobile', 'tablet', 'desktop'],
    browser: ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Opera'],
    daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
};
const CONDITIONS = {
    os: 'Operating system',
    device: 'Device type',
    browser: 'Browser',
    country: 'Country',
    language: 'Language',
    schedule: 'Days and hours',
    period: 'Date range',
    scanCountBelow: 'First scans only',
};
const MIN_ARMS = 2;
const MAX_ARMS = 10;
const MIN_WEIGHT = 1;
const MAX_WEIGHT = 1000;
const MAX_RULES = 50;
const CONTROLS = 'input, select, textarea, button';
const TIME_ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** A rule as the editor holds it: every input's raw value, so switching kinds or conditions loses nothing typed. */
function fromApi(rule) {
    const when = rule.when ?? {};
    const shown = Object.keys(CONDITIONS).filter((type) => {
        if (type === 'schedule') return when.daysOfWeek || when.timeFrom || when.timeTo;
        if (type === 'period') return when.startAt || when.endAt;
        return when[type] !== undefined;
    });
    return {
        name: rule.name ?? '',
        kind: rule.split ? 'split' : 'url',
        destinationUrl: rule.destinationUrl ?? '',
        split: rule.split ? rule.split.map((arm) => ({...arm, weight: String(arm.weight)})) : newArms(),
        shown,
        when: {
            os: when.os ?? [], device: when.device ?? [], browser: when.browser ?? [],
            country: (when.country ?? []).join(', '), language: (when.language ?? []).join(', '),
            daysOfWeek: when.daysOfWeek ?? [], timeFrom: when.timeFrom ?? '', timeTo: when.timeTo ?? '',
            timezone: when.timezone ?? '', startAt: toLocalInput(when.startAt), endAt: toLocalInput(when.endAt),
            scanCountBelow: when.scanCountBelow === undefined ? '' : String(when.scanCountBelow),
        },
    };
}

function newArms() {
    return [{destinationUrl: '', weight: '50'}, {destinationUrl: '', weight: '50'}];
}

/** The rule as the API takes it: only the shown conditions, and only the chosen kind's destination(s). */
function toApi(rule) {
    const w = rule.when;
    const when = {};
    for (const type of rule.shown) {
        if (type === 'os' || type === 'device' || type === 'browser') when[type] = w[type];
        else if (type === 'country' || type === 'language') when[type] = splitList(w[type]);
        else if (type === 'scanCountBelow') when.scanCountBelow = Number(w.scanCountBelow);
        else if (type === 'period') {
            if (w.startAt) when.startAt = fromLocalInput(w.startAt);
            if (w.endAt) when.endAt = fromLocalInput(w.endAt);
        } else {
            if (w.daysOfWeek.length) when.daysOfWeek = w.daysOfWeek;
            if (w.timeFrom) when.timeFrom = w.timeFrom;
            if (w.timeTo) when.timeTo = w.timeTo;
            // The API refuses a zone without days or hours; it is meaningless there anyway.
            if (w.timezone.trim() && (when.daysOfWeek || when.timeFrom || when.timeTo)) when.timezone = w.timezone.trim();
        }
    }
    const api = {};
    if (rule.name.trim()) api.name = rule.name.trim();
    if (Object.keys(when).length) api.when = when;
    if (rule.kind === 'split') {
        api.split = rule.split.map((arm) => ({destinationUrl: arm.destinationUrl.trim(), weight: weightOf(arm)}));
    } else {
        api.destinationUrl = rule.destinationUrl.trim();
    }
    return api;
}

/** An arm's weight as the API would take it, or NaN: a whole number from 1 to 1000. */
function weightOf(arm) {
    const text = String(arm.weight).trim();
    return /^\d+$/.test(text) ? Number(text) : NaN;
}

function validWeight(weight) {
    return Number.isInteger(weight) && weight >= MIN_WEIGHT && weight <= MAX_WEIGHT;
}

/**
 * What the API would refuse, or what it would take silently but surely is not meant (a condition added and left
 * empty would match every scan): {field, message} of the first problem, or null.
 */
function problem(rules) {
    for (const [i, rule] of rules.entries()) {
        const at = `rules[${i}]`;
        const w = rule.when;
        if (rule.shown.includes('schedule') && !w.daysOfWeek.length && !w.timeFrom && !w.timeTo) {
            return {field: `${at}.when.daysOfWeek`, message: 'Choose days, a time window, or both.'};
        }
        if (rule.shown.includes('period') && !w.startAt && !w.endAt) {
            return {field: `${at}.when.startAt`, message: 'Give a start, an end, or both.'};
        }
        const below = w.scanCountBelow.trim();
        if (rule.shown.includes('scanCountBelow') && !(/^\d+$/.test(below) && Number(below) >= 1)) {
            return {field: `${at}.when.scanCountBelow`, message: 'Enter a whole number of scans, 1 or more.'};
        }
        if (rule.kind !== 'split') continue;
        for (const [j, arm] of rule.split.entries()) {
            if (!validWeight(weightOf(arm))) {
                return {field: `${at}.split[${j}].weight`,
                    message: `Weights are whole numbers from ${MIN_WEIGHT} to ${MAX_WEIGHT}.`};
            }
        }
    }
    return null;
}

/** Each arm's share of the scans, as "70 %", or '—' while any weight is invalid. */
function shares(arms) {
    const weights = arms.map(weightOf);
    if (!weights.every(validWeight)) return weights.map(() => '—');
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    return weights.map((weight) => `${(Math.round((weight / total) * 1000) / 10).toLocaleString()} %`);
}

/**
 * Checkboxes for a condition's values; onChange gets the values then checked, in the API's order. A legend that
 * repeats the condition's heading is for screen readers only.
 */
function checkGroup(legend, path, values, chosen, onChange, {labels = (value) => value, headed = false} = {}) {
    const group = h('fieldset', {class: 'checks', dataset: {path}},
        h('legend', {class: headed ? 'visually-hidden' : null, text: legend}));
    const changed = () => onChange([...group.querySelectorAll('input:checked')].map((box) => box.value));
    group.append(...values.map((value) => h('label', {},
        h('input', {type: 'checkbox', value, checked: chosen.includes(value), on: {change: changed}}),
        ` ${labels(value)}`)));
    return group;
}

/**
 * The editor. value() gives the rules for the API; problem() the first thing to fix before sending ({field, message}
 * or null); reset(rules) shows other rules (after a save, the canonical ones the API answered).
 */
export function rulesEditor(initial = []) {
    let rules = initial.map(fromApi);
    const list = h('ol', {class: 'rules', dataset: {path: 'rules'}});
    const empty = h('p', {class: 'muted', text: 'No rules: every scan goes to the destination.'});
    const add = h('button', {type: 'button', class: 'secondary', text: 'Add rule', dataset: {focus: 'add'}, on: {
        click: () => {
            rules.push(fromApi({destinationUrl: ''}));
            render(`rules[${rules.length - 1}].name`);
        },
    }});
    const zones = h('datalist', {id: uid('zones')}, TIME_ZONES.map((zone) => h('option', {value: zone})));
    const element = h('div', {class: 'rules-editor'}, empty, list, add, zones);

    function render(focus) {
        list.replaceChildren(...rules.map(ruleItem));
        empty.hidden = rules.length > 0;
        add.disabled = rules.length >= MAX_RULES;
        const target = focus && element.querySelector(`[data-focus="${CSS.escape(focus)}"]`);
        if (target) (target.matches(CONTROLS) ? target : target.querySelector(CONTROLS))?.focus();
    }

    function move(from, to, focus) {
        const [rule] = rules.splice(from, 1);
        rules.splice(to, 0, rule);
        render(focus);
    }

    function ruleItem(rule, i) {
        const at = `rules[${i}]`;
        const number = i + 1;
        const name = h('input', {type: 'text', maxlength: 100, value: rule.name, dataset: {path: `${at}.name`, focus: `${at}.name`},
            on: {input: (event) => { rule.name = event.target.value; }}});
        const tools = h('div', {class: 'row rule-tools'},
            h('button', {type: 'button', class: 'secondary', text: 'Move up', disabled: i === 0,
                'aria-label': `Move rule ${number} up`, dataset: {focus: `${at}.up`},
                on: {click: () => move(i, i - 1, i - 1 === 0 ? `rules[0].down` : `rules[${i - 1}].up`)}}),
            h('button', {type: 'button', class: 'secondary', text: 'Move down', disabled: i === rules.length - 1,
                'aria-label': `Move rule ${number} down`, dataset: {focus: `${at}.down`},
                on: {click: () => move(i, i + 1, i + 1 === rules.length - 1 ? `rules[${i + 1}].up` : `rules[${i + 1}].down`)}}),
            h('button', {type: 'button', class: 'danger', text: 'Delete rule', 'aria-label': `Delete rule ${number}`,
                on: {click: () => {
                    rules.splice(i, 1);
                    render(rules.length ? `rules[${Math.min(i, rules.length - 1)}].name` : 'add');
                }}}));
        return h('li', {class: 'rule'},
            h('fieldset', {class: 'stack', dataset: {path: at}},
                h('legend', {text: `Rule ${number}`}),
                tools,
                field('Name (optional)', name),
                conditions(rule, at, number),
                outcome(rule, at)));
    }

    function conditions(rule, at, number) {
        const blocks = rule.shown.map((type) => h('div', {class: 'condition'},
            h('div', {class: 'condition-head'},
                h('strong', {text: CONDITIONS[type]}),
                h('button', {type: 'button', class: 'secondary', text: 'Remove',
                    'aria-label': `Remove condition ${CONDITIONS[type]} from rule ${number}`,
                    on: {click: () => {
                        rule.shown = rule.shown.filter((t) => t !== type);
                        render(`${at}.addCondition`);
                    }}})),
            h('div', {dataset: {focus: `${at}.when.${type}`}}, conditionInputs(type, rule.when, `${at}.when`))));
        const missing = Object.keys(CONDITIONS).filter((type) => !rule.shown.includes(type));
        const menu = select(missing.map((type) => [type, CONDITIONS[type]]), missing[0],
            {'aria-label': `Condition to add to rule ${number}`});
        const adder = h('div', {class: 'row'}, menu,
            h('button', {type: 'button', class: 'secondary', text: 'Add condition', dataset: {focus: `${at}.addCondition`},
                on: {click: () => {
                    rule.shown.push(menu.value);
                    render(`${at}.when.${menu.value}`);
                }}}));
        return h('fieldset', {class: 'stack'},
            h('legend', {text: 'When'}),
            h('p', {class: 'hint', text: rule.shown.length
                ? 'Every condition must hold (within one, any of the chosen values).'
                : 'No conditions: every scan matches this rule.'}),
            blocks,
            missing.length ? adder : null);
    }

    function conditionInputs(type, w, at) {
        const set = (key) => (event) => { w[key] = event.target.value; };
        switch (type) {
            case 'os':
            case 'device':
            case 'browser':
                return checkGroup(CONDITIONS[type], `${at}.${type}`, CHOICES[type], w[type],
                    (chosen) => { w[type] = chosen; }, {headed: true});
            case 'country':
            case 'language': {
                const [label, hint, placeholder] = type === 'country'
                    ? ['Countries', 'ISO 3166-1 codes, separated by commas.', 'DE, AT']
                    : ['Languages', 'ISO 639-1 codes of the scanner\'s preferred language, separated by commas.', 'de, fr'];
                return field(label, h('input', {type: 'text', value: w[type], placeholder, autocapitalize: 'off',
                    dataset: {path: `${at}.${type}`}, on: {input: set(type)}}), hint);
            }
            case 'schedule': {
                const days = checkGroup('Days', `${at}.daysOfWeek`, CHOICES.daysOfWeek, w.daysOfWeek,
                    (chosen) => { w.daysOfWeek = chosen; }, {labels: (day) => day[0].toUpperCase() + day.slice(1)});
                const time = (key, label) => field(label, h('input', {type: 'time', step: 60, value: w[key],
                    dataset: {path: `${at}.${key}`}, on: {input: set(key)}}));
                return h('div', {class: 'stack'}, days,
                    h('div', {class: 'fields'},
                        time('timeFrom', 'From'),
                        time('timeTo', 'Until'),
                        field('Time zone', h('input', {type: 'text', value: w.timezone, placeholder: 'UTC',
                            list: zones.id, autocapitalize: 'off', dataset: {path: `${at}.timezone`},
                            on: {input: set('timezone')}}))),
                    h('p', {class: 'hint', text: 'Days, hours, or both. "Until" is exclusive and may be earlier '
                        + 'than "From" to span midnight. The zone defaults to UTC.'}));
            }
            case 'period': {
                const moment = (key, label) => field(label, h('input', {type: 'datetime-local', value: w[key],
                    dataset: {path: `${at}.${key}`}, on: {input: set(key)}}));
                return h('div', {class: 'stack'},
                    h('div', {class: 'fields'}, moment('startAt', 'Starts'), moment('endAt', 'Ends (exclusive)')),
                    h('p', {class: 'hint', text: `A start, an end, or both. ${LOCAL_TIME_HINT}`}));
            }
            default:
                return field('While the code has fewer scans than', h('input', {type: 'number', min: 1, step: 1,
                    inputmode: 'numeric', value: w.scanCountBelow, dataset: {path: `${at}.scanCountBelow`},
                    on: {input: set('scanCountBelow')}}), 'The first N scans go here; later ones fall through.');
        }
    }

    function outcome(rule, at) {
        const group = uid('kind');
        const kind = (value, label) => h('label', {},
            h('input', {type: 'radio', name: group, value, checked: rule.kind === value, dataset: {focus: `${at}.kind.${value}`},
                on: {change: () => {
                    rule.kind = value;
                    render(`${at}.kind.${value}`);
                }}}),
            ` ${label}`);
        return h('fieldset', {class: 'stack'},
            h('legend', {text: 'Then send the scan to'}),
            h('div', {class: 'checks'},
                kind('url', 'One destination'), kind('split', 'A/B split')),
            rule.kind === 'split' ? splitEditor(rule, at) : field('Destination URL',
                h('input', {type: 'url', value: rule.destinationUrl, placeholder: 'https://example.com/app',
                    dataset: {path: `${at}.destinationUrl`}, on: {input: (event) => { rule.destinationUrl = event.target.value; }}})));
    }

    function splitEditor(rule, at) {
        const outputs = [];
        const showShares = () => shares(rule.split).forEach((share, j) => { outputs[j].textContent = share; });
        const arms = rule.split.map((arm, j) => {
            const path = `${at}.split[${j}]`;
            const weight = h('input', {type: 'number', min: MIN_WEIGHT, max: MAX_WEIGHT, step: 1, inputmode: 'numeric',
                id: uid(), value: arm.weight, class: 'weight', dataset: {path: `${path}.weight`},
                on: {input: (event) => { arm.weight = event.target.value; showShares(); }}});
            const share = h('output', {class: 'share', for: weight.id});
            outputs.push(share);
            return h('li', {class: 'arm', dataset: {path}},
                field(`Destination ${String.fromCharCode(65 + j)}`, h('input', {type: 'url', value: arm.destinationUrl,
                    placeholder: 'https://example.com/variant', dataset: {path: `${path}.destinationUrl`, focus: `${path}.destinationUrl`},
                    on: {input: (event) => { arm.destinationUrl = event.target.value; }}})),
                field('Weight', weight),
                h('div', {class: 'field'}, h('span', {class: 'hint', text: 'Share'}), share),
                h('button', {type: 'button', class: 'secondary', text: 'Remove', disabled: rule.split.length <= MIN_ARMS,
                    'aria-label': `Remove destination ${String.fromCharCode(65 + j)}`,
                    on: {click: () => {
                        rule.split.splice(j, 1);
                        render(`${at}.split[${Math.min(j, rule.split.length - 1)}].destinationUrl`);
                    }}}));
        });
        showShares();
        return h('div', {class: 'stack'},
            h('ol', {class: 'arms', dataset: {path: `${at}.split`}}, arms),
            h('button', {type: 'button', class: 'secondary', text: 'Add destination', disabled: rule.split.length >= MAX_ARMS,
                on: {click: () => {
                    rule.split.push({destinationUrl: '', weight: '50'});
                    render(`${at}.split[${rule.split.length - 1}].destinationUrl`);
                }}}),
            h('p', {class: 'hint', text: `${MIN_ARMS} to ${MAX_ARMS} destinations; weights from ${MIN_WEIGHT} to `
                + `${MAX_WEIGHT} are relative (70 and 30 send 70 % and 30 % of the scans).`}));
    }

    render();
    return {
        element,
        value: () => rules.map(toApi),
        problem: () => problem(rules),
        reset(next) {
            rules = next.map(fromApi);
            render();
        },
    };
}
