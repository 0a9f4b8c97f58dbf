// The workspace's codes, newest first: search and type filter, paging by the API's cursor, and per code its
// thumbnail, a Download menu of every format, and a menu of the rest: the way on (a dynamic code's page; the
// designer, seeded with a static code) and Delete.

import {ApiError, call, get, imageUrl, remove} from '../api.js';
import {breakable, debounce, download, field, h, select, statusLine, when} from '../dom.js';
import {menuButton} from '../overlays.js';
import {designOptions, downloadName, downloadRendering} from '../qr-files.js';

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const TYPES = [['', 'All codes'], ['static', 'Static'], ['dynamic', 'Dynamic']];

export default async function render(main, route) {
    // Everything goes into a node of this rendering's own, placed at once: if the route changes while this view
    // awaits the API, the router empties <main> and whatever this stale rendering still builds stays detached.
    const root = h('div');
    main.append(root);
    // Every format is offered for every code: its own as stored, the others rendered from the same request.
    const {formats} = await designOptions();
    const search = h('input', {type: 'search', value: route.query.get('q') ?? '', autocomplete: 'off',
        placeholder: 'Data or title'});
    const type = select(TYPES, route.query.get('type') ?? '');
    const status = statusLine();
    const rows = h('tbody');
    const table = h('div', {class: 'codes-wrap'}, h('table', {class: 'codes', 'aria-label': 'Codes, newest first'},
        h('thead', {}, h('tr', {},
            h('th', {scope: 'col', text: 'Code'}),
            h('th', {scope: 'col', text: 'Title'}),
            h('th', {scope: 'col', text: 'Data'}),
            h('th', {scope: 'col', text: 'Type'}),
            h('th', {scope: 'col', class: 'optional', text: 'Tags'}),
            h('th', {scope: 'col', class: 'optional', text: 'Created'}),
            h('th', {scope: 'col', text: 'Actions'}))),
        rows));
    // A live region of its own, so that landing on an empty page is announced with the way out it offers.
    const empty = h('div', {class: 'card empty', role: 'status', hidden: true});
    const previous = h('button', {type: 'button', class: 'secondary', text: 'Previous', disabled: true});
    const next = h('button', {type: 'button', class: 'secondary', text: 'Next', disabled: true});
    const pageLabel = h('span', {class: 'muted'});
    const pager = h('nav', {class: 'row pager', 'aria-label': 'Pages'}, previous, pageLabel, next);

    root.append(
        h('div', {class: 'row heading'}, h('h1', {text: 'Codes'}),
            h('a', {class: 'button', href: '#/design', text: 'New code'})),
        h('div', {class: 'toolbar', role: 'search'},
            field('Search', search, 'Matches the data or the title'), field('Type', type)),
        status, table, empty, pager);

    // cursors[i] fetches page i + 1; Next pushes the page's nextCursor, Previous pops it.
    let cursors = [null];
    let nextCursor = null;
    let loads = 0;
    let thumbnails = [];
    let busy = false;
    let stopped = false;

    const fail = (error) => status.say(error instanceof ApiError ? error.describe() : error.message, error);

    const filters = () => {
        const params = new URLSearchParams();
        if (search.value.trim()) params.set('q', search.value.trim());
        if (type.value) params.set('type', type.value);
        return params;
    };

    const releaseThumbnails = () => {
        thumbnails.forEach((url) => URL.revokeObjectURL(url));
        thumbnails = [];
    };

    /** Fetches the page cursors ends at; `done` says what led here (a deletion), ahead of the page's count. */
    async function load(done = '') {
        const mine = ++loads;
        const params = filters();
        params.set('limit', PAGE_SIZE);
        const cursor = cursors[cursors.length - 1];
        if (cursor) params.set('cursor', cursor);
        status.say('Loading…');
        busy = true;
        try {
            const page = await get(`qr?${params}`);
            if (stopped || mine !== loads) return;
            if (page.items.length === 0 && cursors.length > 1) {
                // The last codes of a later page were deleted: show the page before it.
                cursors.pop();
                await load(done);
                return;
            }
            nextCursor = page.nextCursor;
            show(page.items, mine, done);
        } catch (error) {
            if (!stopped && mine === loads) fail(error);
        } finally {
            if (mine === loads) busy = false;
        }
    }

    function show(items, mine, done) {
        releaseThumbnails();
        rows.replaceChildren(...items.map((item) => row(item, mine)));
        const filtered = filters().toString() !== '';
        table.hidden = items.length === 0;
        empty.hidden = items.length > 0;
        empty.replaceChildren(...(filtered ? noMatch() : noCodes()));
        previous.disabled = cursors.length === 1;
        next.disabled = !nextCursor;
        pager.hidden = previous.disabled && next.disabled;
        pageLabel.textContent = `Page ${cursors.length}`;
        if (document.activeElement?.disabled) (previous.disabled ? next : previous).focus();
        const shown = items.length === 0 ? '' :
            `Page ${cursors.length}: ${items.length} ${items.length === 1 ? 'code' : 'codes'}.`;
        status.say(`${done} ${shown}`.trim());
    }

    function noCodes() {
        return [h('p', {text: 'No codes yet.'}),
            h('a', {class: 'button', href: '#/design', text: 'Design your first code'})];
    }

    function noMatch() {
        return [h('p', {text: 'No codes match these filters.'}),
            h('button', {type: 'button', class: 'secondary', text: 'Clear filters', on: {click: () => {
                search.value = '';
                type.value = '';
                restart();
                search.focus();
            }}})];
    }

    function row(item, mine) {
        const label = item.title || item.data;
        const thumb = h('img', {class: 'thumb', alt: '', width: 64, height: 64});
        imageUrl(`qr/${item.id}/image`).then((url) => {
            if (stopped || mine !== loads) {
                URL.revokeObjectURL(url);
                return;
            }
            thumbnails.push(url);
            thumb.src = url;
        }).catch(() => thumb.replaceWith(h('span', {class: 'muted', text: 'No image'})));
        const open = item.dynamic
            ? {label: 'Manage', href: `#/dynamic/${encodeURIComponent(item.dynamicId)}`, ariaLabel: `Manage ${label}`}
            : {label: 'Design from this', href: `#/design?from=${encodeURIComponent(item.id)}`,
                ariaLabel: `Design a new code from ${label}`};
        return h('tr', {dataset: {id: item.id}},
            h('td', {}, thumb),
            h('td', {class: 'title'}, item.title ?? h('span', {class: 'muted', text: 'Untitled'})),
            h('td', {class: 'data'}, breakable(item.data)),
            h('td', {}, h('span', {class: `badge ${item.dynamic ? 'dynamic' : 'static'}`,
                text: item.dynamic ? 'dynamic' : 'static'})),
            h('td', {class: 'optional'}, item.tags.map((tag) => h('span', {class: 'tag', text: tag}))),
            h('td', {class: 'optional', text: when(item.createdAt)}),
            h('td', {}, h('div', {class: 'actions'},
                menuButton(['Download', h('span', {'aria-hidden': 'true', text: ' ▾'})],
                    formats.map((format) => ({label: format.toUpperCase(),
                        ariaLabel: `Download ${label} as ${format.toUpperCase()}`,
                        onSelect: () => downloadCode(item, format)})),
                    {'aria-label': `Download ${label}`, class: 'secondary menu-button download-menu'}),
                menuButton(h('span', {'aria-hidden': 'true', text: '⋯'}), [open,
                    {label: 'Delete', ariaLabel: `Delete ${label}`, danger: true,
                        onSelect: () => deleteCode(item, label)}],
                    {'aria-label': `More actions for ${label}`, class: 'secondary menu-button more-menu'}))));
    }

    async function downloadCode(item, format) {
        const name = downloadName(item.title, item.id, format);
        try {
            if (format === item.format) {
                // Print formats are application/*, not image/*: the stored format is whatever the record says.
                download(await call(`qr/${item.id}/image`, {accept: '*/*', as: 'blob'}), name);
            } else {
                const {data, size, unit, dpi, colorSpace, margin, errorCorrection, design} = item;
                await downloadRendering({data, size, unit, dpi, colorSpace, margin, errorCorrection, design}, format,
                    name);
            }
            status.say(`Downloaded ${name}.`);
        } catch (error) {
            fail(error);
        }
    }

    async function deleteCode(item, label) {
        const consequence = item.dynamic
            ? 'Its short link stops working: scans will show “This code no longer exists”.'
            : 'Printed copies keep working (a static code carries its data); it only leaves this list.';
        if (!confirm(`Delete “${label}”?\n\n${consequence}`)) return;
        try {
            await remove(`qr/${item.id}`);
            await load(`Deleted “${label}”.`);
        } catch (error) {
            fail(error);
        }
    }

    function restart() {
        cursors = [null];
        // Keeps the filters in the address, so Back from a code returns to the same search, without a hashchange
        // (which would render the view again).
        const params = filters().toString();
        history.replaceState(null, '', `#/codes${params ? `?${params}` : ''}`);
        load();
    }

    search.addEventListener('input', debounce(() => {
        if (!stopped) restart();
    }, SEARCH_DELAY_MS));
    type.addEventListener('change', restart);
    // While a page loads, nextCursor still belongs to the page before: a second click would skip or repeat one.
    previous.addEventListener('click', () => {
        if (busy) return;
        cursors.pop();
        load();
    });
    next.addEventListener('click', () => {
        if (busy) return;
        cursors.push(nextCursor);
        load();
    });

    await load();
    return () => {
        stopped = true;
        releaseThumbnails();
    };
}
