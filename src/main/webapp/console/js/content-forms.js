// The designer's typed content: a form per `content.type` of the API (docs/api.md, "Typed content"). The forms only
// collect the fields; every rule (an IBAN's checksum, a Wi-Fi password's length, escaping) is the service's, whose
// errors name the field (`content.iban`) and land at the control carrying that path.

import {field, h, select} from './dom.js';

const PHONE_TYPES = [['cell', 'Mobile'], ['work', 'Work'], ['home', 'Home'], ['fax', 'Fax']];
/** Rows of the phone list: a contact card with more numbers than this is rare enough to send through the API. */
const PHONE_ROWS = 3;

const text = (name, label, attrs = {}) => ({name, label, attrs: {type: 'text', ...attrs}});
const long = (name, label, attrs = {}) => ({name, label, tag: 'textarea', attrs: {rows: 3, ...attrs}});
const number = (name, label, attrs = {}) => ({name, label, number: true,
    attrs: {type: 'number', step: 'any', inputmode: 'decimal', ...attrs}});
const choice = (name, label, values) => ({name, label, values});
const flag = (name, label) => ({name, label, flag: true});
const phones = {name: 'phones', label: 'Phone numbers', phones: true};
const emails = {name: 'emails', label: 'Email addresses', lines: true,
    hint: 'One per line.', attrs: {rows: 2, inputmode: 'email'}};

const NAMES = [text('firstName', 'First name'), text('lastName', 'Last name')];

/** Each type's fields in the order people fill them in; `name` is the field's path below `content`. */
export const CONTENT_TYPES = [
    {type: 'url', label: 'Web address', fields: [text('url', 'URL', {type: 'url', placeholder: 'https://example.com'})]},
    {type: 'text', label: 'Plain text', fields: [long('text', 'Text')]},
    {type: 'vcard', label: 'Contact card (vCard)', fields: [
        choice('version', 'vCard version', [['3.0', '3.0 (read by every phone)'], ['4.0', '4.0']]),
        ...NAMES, text('organization', 'Organisation'), text('title', 'Job title'), phones, emails,
        text('address.street', 'Street'), text('address.city', 'City'), text('address.region', 'Region'),
        text('address.postalCode', 'Postal code'), text('address.country', 'Country'),
        text('url', 'Website', {type: 'url'}), long('note', 'Note')]},
    {type: 'mecard', label: 'Contact (MECARD)', fields: [...NAMES, phones, emails, text('address', 'Address'),
        text('url', 'Website', {type: 'url'}), long('note', 'Note')]},
    {type: 'wifi', label: 'Wi-Fi network', fields: [text('ssid', 'Network name (SSID)'),
        choice('encryption', 'Security', [['wpa2', 'WPA2'], ['wpa3', 'WPA3'], ['wpa', 'WPA'], ['wep', 'WEP'],
            ['nopass', 'None (open network)']]),
        text('password', 'Password', {autocomplete: 'off'}), flag('hidden', 'Hidden network')]},
    {type: 'email', label: 'Email', fields: [text('to', 'To', {type: 'email'}), text('subject', 'Subject'),
        long('body', 'Message')]},
    {type: 'sms', label: 'Text message (SMS)', fields: [text('number', 'Phone number', {type: 'tel'}),
        long('message', 'Message')]},
    {type: 'phone', label: 'Phone call', fields: [text('number', 'Phone number', {type: 'tel'})]},
    {type: 'geo', label: 'Location', fields: [number('latitude', 'Latitude', {min: -90, max: 90}),
        number('longitude', 'Longitude', {min: -180, max: 180})]},
    {type: 'event', label: 'Calendar event', fields: [text('summary', 'Event'),
        text('start', 'Starts', {type: 'datetime-local'}), text('end', 'Ends', {type: 'datetime-local'}),
        text('timeZone', 'Time zone', {value: Intl.DateTimeFormat().resolvedOptions().timeZone,
            hint: 'An IANA zone such as Europe/Berlin; the times above are read in it.'}),
        text('location', 'Place'), long('description', 'Description')]},
    {type: 'epc', label: 'SEPA payment (GiroCode)', fields: [text('name', 'Payee'),
        text('iban', 'IBAN', {autocomplete: 'off', spellcheck: 'false'}), text('bic', 'BIC'),
        number('amount', 'Amount (EUR)', {min: 0.01, step: 0.01}), text('reference', 'Creditor reference (RF…)'),
        text('text', 'Remittance text'), text('information', 'Note to the payer')]},
];

/** `datetime-local` gives `2026-12-01T18:00`, the API's local date-time with a time zone: nothing to convert. */
function control(spec) {
    if (spec.values) return select(spec.values, spec.values[0][0]);
    if (spec.flag) return h('input', {type: 'checkbox'});
    const {hint, ...attrs} = spec.attrs ?? {};
    return h(spec.tag ?? (spec.lines ? 'textarea' : 'input'), {autocomplete: 'off', ...attrs});
}

/** A read that gives nothing while its control is disabled: the fields of the types not chosen stay out. */
function live(control, read) {
    return () => (control.matches(':disabled') ? undefined : read());
}

/** The phone rows: a type and a number each; the filled ones become `content.phones`. */
function phoneRows(path) {
    const rows = Array.from({length: PHONE_ROWS}, (unused, i) => {
        const type = select(PHONE_TYPES, PHONE_TYPES[Math.min(i, PHONE_TYPES.length - 1)][0],
            {'aria-label': `Phone ${i + 1} type`});
        const numberInput = h('input', {type: 'tel', autocomplete: 'off', 'aria-label': `Phone ${i + 1} number`});
        return {type, number: numberInput, el: h('div', {class: 'row'}, type, numberInput)};
    });
    const el = h('fieldset', {class: 'phones', dataset: {path}}, h('legend', {text: 'Phone numbers'}),
        rows.map((row) => row.el));
    return {
        el,
        read: live(el, () => {
            const filled = rows.filter((row) => row.number.value.trim())
                .map((row) => ({type: row.type.value, number: row.number.value.trim()}));
            return filled.length ? filled : undefined;
        }),
        write: (list) => rows.forEach((row, i) => {
            row.number.value = list?.[i]?.number ?? '';
            if (list?.[i]?.type) row.type.value = list[i].type;
        }),
    };
}

/**
 * The content section's controls: a type picker ("Data as typed" keeps the free `data` field) and one fieldset per
 * type, of which only the chosen one is enabled, so that only its fields are read. `bind` is the designer's, which
 * registers each control under its request path.
 */
export function contentForms(bind, data) {
    const picker = select([['', 'Data as typed'], ...CONTENT_TYPES.map(({type, label}) => [type, label])], '');
    bind('content.type', picker, '', {read: () => picker.value || undefined});
    const forms = CONTENT_TYPES.map(({type, fields}) => {
        const controls = fields.map((spec) => {
            const path = `content.${spec.name}`;
            if (spec.phones) {
                const rows = phoneRows(path);
                bind(path, rows.el, null, {read: rows.read, write: rows.write});
                return rows.el;
            }
            const input = control(spec);
            if (spec.lines) {
                bind(path, input, '', {
                    read: live(input, () => {
                        const lines = input.value.split('\n').map((line) => line.trim()).filter(Boolean);
                        return lines.length ? lines : undefined;
                    }),
                    write: (v) => {
                        input.value = (v ?? []).join('\n');
                    },
                });
            } else if (spec.number) {
                bind(path, input, '', {read: live(input, () => (input.value === '' ? undefined : Number(input.value)))});
            } else if (!spec.flag && !spec.values) {
                // Text is sent as typed, spaces and all: they may be part of a password or a note.
                bind(path, input, spec.attrs?.value ?? '', {
                    read: live(input, () => (input.value === '' ? undefined : input.value)),
                });
            } else {
                bind(path, input, spec.values ? spec.values[0][0] : false);
            }
            if (spec.flag) return h('div', {class: 'field'}, h('label', {class: 'check'}, input, ` ${spec.label}`));
            return field(spec.label, input, spec.hint ?? spec.attrs?.hint);
        });
        return h('fieldset', {class: 'content-form', hidden: true, disabled: true, dataset: {type}},
            h('legend', {class: 'visually-hidden', text: `${type} content`}), h('div', {class: 'fields'}, controls));
    });
    /**
     * Shows the chosen type's form; "Data as typed" shows the free data field instead. The field around the data is
     * looked up here, not when the forms are made: the designer wraps the data in its field after calling this.
     */
    function sync() {
        for (const form of forms) {
            const chosen = form.dataset.type === picker.value;
            form.hidden = !chosen;
            form.disabled = !chosen;
        }
        (data.closest('.field') ?? data).hidden = picker.value !== '';
        data.disabled = picker.value !== '';
    }

    return {picker, forms, sync, typed: () => picker.value !== ''};
}
