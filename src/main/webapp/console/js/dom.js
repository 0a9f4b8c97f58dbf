// Building the page from data without innerHTML, so nothing a user typed (titles, URLs, tags) is ever parsed as markup.

/**
 * Creates an element. attrs: `class`, `text`, `on` ({event: handler}), `dataset` ({key: value}), boolean
 * attributes as true/false, anything else as an attribute. Children: nodes, strings, or arrays of them; null skipped.
 */
export function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
        if (value === null || value === undefined || value === false) continue;
        if (name === 'class') el.className = value;
        else if (name === 'text') el.textContent = value;
        else if (name === 'on') for (const [event, handler] of Object.entries(value)) el.addEventListener(event, handler);
        else if (name === 'dataset') Object.assign(el.dataset, value);
        else if (name === 'value') el.value = value;
        else if (name === 'checked') el.checked = value;
        else el.setAttribute(name, value === true ? '' : value);
    }
    append(el, children);
    return el;
}

function append(el, children) {
    for (const child of children) {
        if (child === null || child === undefined || child === false) continue;
        if (Array.isArray(child)) append(el, child);
        else el.append(child instanceof Node ? child : String(child));
    }
}

let ids = 0;

/** A unique element id, for labels and aria references. */
export function uid(prefix = 'f') {
    ids += 1;
    return `${prefix}-${ids}`;
}

/**
 * Text with a line-break opportunity (<wbr>) after each / ? & and = (not within a scheme's //), so that a long URL
 * wraps between its parts where it can, and anywhere (console.css, overflow-wrap) only where a part alone is too
 * long.
 */
export function breakable(text) {
    return String(text).split(/(?<=[^/:][/?&=])/).flatMap((part, i) => (i ? [h('wbr'), part] : [part]));
}

/** A labelled form control: the label names the control for screen readers and keyboard users. */
export function field(label, control, hint) {
    control.id ||= uid();
    const hintEl = hint ? h('small', {class: 'hint', id: uid('hint'), text: hint}) : null;
    if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
    return h('div', {class: 'field'}, h('label', {for: control.id, text: label}), control, hintEl);
}

/** A select whose options are [value, label] pairs or plain values. */
export function select(options, value, attrs = {}) {
    return h('select', attrs, options.map((option) => {
        const [optionValue, label] = Array.isArray(option) ? option : [option, option];
        return h('option', {value: optionValue, selected: optionValue === value}, label);
    }));
}

/** Calls fn once the calls stop for ms milliseconds (typing, dragging a slider). */
export function debounce(fn, ms) {
    let timer;
    return (...args) => {
        clearTimeout(timer);
        timer = setTimeout(() => fn(...args), ms);
    };
}

/**
 * A status line the screen reader announces; say(text) replaces its text, say(text, error) marks it an error, where
 * error is true or the failure itself, whose API request id (if any) then follows under Details.
 */
export function statusLine() {
    const el = h('div', {class: 'status', role: 'status', 'aria-live': 'polite'});
    el.say = (text, error = false) => {
        el.textContent = text ?? '';
        el.classList.toggle('error', Boolean(error));
        if (error?.requestId) el.append(' ', requestDetails(error.requestId));
    };
    return el;
}

/** The request id of a failed call, folded under Details: support needs it, people reading the page do not. */
export function requestDetails(requestId) {
    return h('details', {class: 'request-details'}, h('summary', {text: 'Details'}),
        h('p', {}, 'Request id, for support: ', h('code', {text: requestId})));
}

/** Offers a Blob as a file download. */
export function download(blob, filename) {
    const url = URL.createObjectURL(blob);
    const link = h('a', {href: url, download: filename, hidden: true});
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file's content as a data: URI, the form the API takes images in. */
export function dataUri(file) {
    return new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result);
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file);
    });
}

/** Formats an ISO instant for people, in the browser's time zone. */
export function when(iso) {
    return iso ? new Date(iso).toLocaleString() : '—';
}

/** Formats a count with the browser's digit grouping. */
export function count(n) {
    return Number(n ?? 0).toLocaleString();
}
