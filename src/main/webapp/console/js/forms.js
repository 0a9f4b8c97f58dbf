// Form plumbing the views share. The API names the field it refuses by its request path
// (`destinationUrl`, `tags[3]`, `rules[1].split[0].weight`); every control carries its path in `data-path`, so the
// message lands next to the control people have to fix, not only in a banner.

import {h, uid} from './dom.js';

const FOCUSABLE = ':is(input, select, textarea, button):not(:disabled)';

/** Removes every message and invalid mark that showFieldError put under root. */
export function clearFieldErrors(root) {
    for (const message of root.querySelectorAll('.field-error')) {
        for (const control of root.querySelectorAll(`[aria-describedby~="${message.id}"]`)) {
            const rest = control.getAttribute('aria-describedby').split(' ').filter((id) => id !== message.id);
            if (rest.length) control.setAttribute('aria-describedby', rest.join(' '));
            else control.removeAttribute('aria-describedby');
            control.removeAttribute('aria-invalid');
        }
        message.remove();
    }
}

/**
 * Shows message at the control for path, or, when there is none for exactly that path, at its nearest enclosing one
 * (`rules[0].when.os[2]` → the OS group), and moves focus there unless told not to (a live preview's error must not
 * pull the focus away from the field being typed in). False when nothing under root matches.
 */
export function showFieldError(root, path, message, {focus = true} = {}) {
    const target = closestPath(root, path);
    if (!target) return false;
    markFieldError(target, message, {focus});
    return true;
}

/** Shows message at target (a control, or an element holding one) and marks its control invalid. */
export function markFieldError(target, message, {focus = true} = {}) {
    for (let fold = target.closest('details'); fold; fold = fold.parentElement?.closest('details')) fold.open = true;
    const control = target.matches(FOCUSABLE) ? target : target.querySelector(FOCUSABLE);
    const note = h('p', {class: 'field-error', id: uid('error'), text: message});
    if (target === control) target.after(note);
    else target.append(note);
    if (control) {
        if (!control.matches('button')) control.setAttribute('aria-invalid', 'true');
        const described = control.getAttribute('aria-describedby');
        control.setAttribute('aria-describedby', described ? `${described} ${note.id}` : note.id);
        if (focus) control.focus();
    }
}

/** The last step of a field path: an index (`[2]`) or a member (`.weight`). */
const LAST_STEP = /(\[\d+\]|\.[^.[\]]+)$/;

function closestPath(root, path) {
    const at = (selector) => root.querySelector(selector);
    // A field the page sets through several controls (`design.eyes`): the first of them.
    const exact = at(`[data-path="${CSS.escape(path)}"]`)
        ?? at(`[data-path^="${CSS.escape(path)}."], [data-path^="${CSS.escape(path)}["]`);
    if (exact) return exact;
    let candidate = path;
    while (candidate) {
        const found = at(`[data-path="${CSS.escape(candidate)}"]`);
        if (found) return found;
        const shorter = candidate.replace(LAST_STEP, '');
        if (shorter === candidate) return null;
        candidate = shorter;
    }
    return null;
}

/** "a, b ,c" → ["a", "b", "c"]: tags, countries and languages are typed as one comma-separated line. */
export function splitList(text) {
    return text.split(',').map((item) => item.trim()).filter(Boolean);
}

/** An ISO instant as a datetime-local input's value, in the browser's time zone. */
export function toLocalInput(iso) {
    if (!iso) return '';
    const date = new Date(iso);
    const pad = (n) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
        + `T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value (the browser's time zone) as an ISO instant; '' → null. */
export function fromLocalInput(value) {
    return value ? new Date(value).toISOString() : null;
}

/** The hint datetime-local inputs need: they carry no zone, so say which one they are read in. */
export const LOCAL_TIME_HINT = `In your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}).`;
