// The workspace's audit log, newest first: who changed what, when and from where, with the changed fields before and
// after; filters kept in the address, paging by the API's cursor, and the filtered log as a CSV download.

import {ApiError, get} from '../api.js';
import {download, field, h, select, statusLine, when} from '../dom.js';

const PAGE_SIZE = 50;
const ACTIONS = [['', 'Any action'], 'create', 'update', 'delete', 'erase', 'revoke'];
const TYPES = [['', 'Any resource'], ['qr_code', 'QR code'], ['dynamic_code', 'Dynamic code'],
    ['campaign', 'Campaign'], ['design_template', 'Design template'], ['domain', 'Domain'],
    ['workspace', 'Workspace'], ['api_key', 'API key'], ['webhook', 'Webhook'], ['bulk_job', 'Bulk job']];
const COLUMNS = ['When', 'Who', 'Action', 'Resource', 'Changes', 'Address'];

export default async function render(main, route) {
    const root = h('section', {class: 'audit stack'});
    main.append(root);
    const action = select(ACTIONS, route.query.get('action') ?? '');
    const resourceType = select(TYPES, route.query.get('resourceType') ?? '');
    const resourceId = h('input', {type: 'search', value: route.query.get('resourceId') ?? '', autocomplete: 'off',
        placeholder: 'dyn_…, qr_…, key_…'});
    const actor = h('input', {type: 'search', value: route.query.get('actor') ?? '', autocomplete: 'off',
        placeholder: 'key_… or oidc:…'});
    const from = h('input', {type: 'date', value: route.query.get('from') ?? ''});
    const to = h('input', {type: 'date', value: route.query.get('to') ?? ''});
    const status = statusLine();
    const rows = h('tbody');
    const table = h('div', {class: 'table-wrap'}, h('table', {'aria-label': 'Audit log, newest first'},
        h('thead', {}, h('tr', {}, COLUMNS.map((name) => h('th', {scope: 'col', text: name})))), rows));
    const csv = h('button', {type: 'button', class: 'secondary', text: 'Download CSV'});
    const previous = h('button', {type: 'button', class: 'secondary', text: 'Previous', disabled: true});
    const next = h('button', {type: 'button', class: 'secondary', text: 'Next', disabled: true});
    const pageLabel = h('span', {class: 'muted'});
    const pager = h('nav', {class: 'row pager', 'aria-label': 'Pages'}, previous, pageLabel, next);

    root.append(
        h('div', {class: 'row heading'}, h('h1', {text: 'Audit log'}), csv),
        h('form', {class: 'toolbar', role: 'search'},
            field('Action', action), field('Resource', resourceType), field('Resource id', resourceId),
            field('Who', actor, 'An API key id, or oidc: and a user'), field('From', from),
            field('To', to, 'Inclusive, in your time zone')),
        status, table, pager);

    let cursors = [null];
    let loads = 0;
    let stopped = false;

    /** The filters as the address keeps them: the controls' values by name. */
    const chosen = () => {
        const params = new URLSearchParams();
        for (const [name, control] of Object.entries({action, resourceType, resourceId, actor, from, to})) {
            if (control.value.trim()) params.set(name, control.value.trim());
        }
        return params;
    };

    /** The filters as the API takes them: the dates as the start of the day from and after the day to, locally. */
    const filters = () => {
        const params = chosen();
        params.delete('from');
        params.delete('to');
        if (from.value) params.set('createdFrom', new Date(`${from.value}T00:00`).toISOString());
        if (to.value) {
            const end = new Date(`${to.value}T00:00`);
            end.setDate(end.getDate() + 1);
            params.set('createdTo', end.toISOString());
        }
        return params;
    };

    const fail = (error) => status.say(error instanceof ApiError ? error.describe() : error.message, error);

    async function load() {
        const mine = ++loads;
        const params = filters();
        params.set('limit', PAGE_SIZE);
        const cursor = cursors[cursors.length - 1];
        if (cursor) params.set('cursor', cursor);
        status.say('Loading…');
        try {
            const page = await get(`audit?${params}`);
            if (stopped || mine !== loads) return;
            rows.replaceChildren(...page.items.map(row));
            table.hidden = page.items.length === 0;
            previous.disabled = cursors.length === 1;
            next.disabled = !page.nextCursor;
            next.dataset.cursor = page.nextCursor ?? '';
            pager.hidden = previous.disabled && next.disabled;
            pageLabel.textContent = `Page ${cursors.length}`;
            status.say(page.items.length === 0 ? 'No changes match these filters.'
                : `Page ${cursors.length}: ${page.items.length} ${page.items.length === 1 ? 'change' : 'changes'}.`);
        } catch (error) {
            if (!stopped && mine === loads) fail(error);
        }
    }

    function row(entry) {
        const cells = [
            h('time', {datetime: entry.createdAt, text: when(entry.createdAt)}),
            h('span', {class: 'audit-id', text: entry.actor}),
            h('span', {class: `badge ${entry.action}`, text: entry.action}),
            h('span', {}, entry.resourceType, ' ', h('span', {class: 'audit-id', text: entry.resourceId})),
            changes(entry),
            entry.address ?? h('span', {class: 'muted', text: 'unknown'}),
        ];
        return h('tr', {}, cells.map((cell, i) => h('td', {dataset: {label: COLUMNS[i]}}, cell)));
    }

    /** One line per changed field: before → after, as the API wrote them. */
    function changes(entry) {
        const names = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
        if (names.length === 0) return h('span', {class: 'muted', text: '—'});
        return h('ul', {class: 'audit-changes'}, names.map((name) => h('li', {},
            h('strong', {text: name}), ': ',
            name in entry.before ? shown(entry.before[name]) : null,
            name in entry.before && name in entry.after ? ' → ' : null,
            name in entry.after ? shown(entry.after[name]) : null)));
    }

    function shown(value) {
        return h('code', {text: value === null ? 'none' : typeof value === 'string' ? value : JSON.stringify(value)});
    }

    function restart() {
        cursors = [null];
        const params = chosen();
        history.replaceState(null, '', `#/audit${params.toString() ? `?${params}` : ''}`);
        load();
    }

    for (const control of [action, resourceType, resourceId, actor, from, to]) {
        control.addEventListener('change', restart);
    }
    root.querySelector('form').addEventListener('submit', (event) => {
        event.preventDefault();
        restart();
    });
    next.addEventListener('click', () => {
        cursors.push(next.dataset.cursor);
        load();
    });
    previous.addEventListener('click', () => {
        cursors.pop();
        load();
    });
    csv.addEventListener('click', async () => {
        try {
            const params = filters();
            params.set('format', 'csv');
            download(await get(`audit?${params}`, {accept: 'text/csv', as: 'blob'}), 'qrforge-audit.csv');
            status.say('Downloaded qrforge-audit.csv.');
        } catch (error) {
            fail(error);
        }
    });

    await load();
    return () => {
        stopped = true;
    };
}
