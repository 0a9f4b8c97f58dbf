// Dynamic codes: `#/dynamic` lists them (by campaign too) and creates one in a dialog; `#/dynamic/<id>` shows one
// code's QR image and short link, and changes where it leads, its campaign, its routing rules, its status and its
// password gate, with its scan count kept live.

import {ApiError, get, imageUrl, patch, post, remove} from '../api.js';
import {campaignSelect} from '../campaigns.js';
import {count, debounce, field, h, select, statusLine, uid} from '../dom.js';
import {clearFieldErrors, fromLocalInput, LOCAL_TIME_HINT, showFieldError, splitList, toLocalInput} from '../forms.js';
import {modal} from '../overlays.js';
import {rulesEditor} from './rules-editor.js';

const PAGE_SIZE = 25;
/** How often the open page asks for the live scan count. */
const POLL_MILLIS = 3000;
/** Screen readers hear the count at most this often, however fast scans come in. */
const ANNOUNCE_MILLIS = 15000;

export default async function render(main, route) {
    return route.id ? detail(main, route.id) : overview(main, route.query);
}

const path = (id) => `dynamic/${encodeURIComponent(id)}`;
const describe = (error) => (error instanceof ApiError ? error.describe() : error.message);

/**
 * Reports a refused save: at the offending control when the API names one, and always in the form's status line
 * (the control's message may be scrolled out of sight).
 */
function refused(form, status, error, what) {
    if (error instanceof ApiError && error.field) showFieldError(form, error.field, error.message);
    status.say(`${what}: ${describe(error)}`, error);
}

function badge(status) {
    return h('span', {class: `badge ${status}`, text: status === 'active' ? 'Active' : 'Paused'});
}

/** The code's status, and whether scanners must give a password first. */
function badges(code) {
    return code.passwordProtected
        ? [badge(code.status), ' ', h('span', {class: 'badge protected', text: 'Password'})]
        : [badge(code.status)];
}

/** A password field for a gate; the API keeps only its hash, so it never shows one. */
function passwordInput() {
    return h('input', {type: 'password', name: 'password', autocomplete: 'new-password',
        dataset: {path: 'password'}});
}

const PASSWORD_HINT = 'Scanners must type it before they are redirected: 4 to 128 characters.';

/** The short link with a copy button: the one thing people take away from a dynamic code. */
function shortLink(code, status, {full = false} = {}) {
    const shown = full ? code.shortUrl : code.shortUrl.replace(/^https?:\/\//, '');
    return h('span', {class: 'short-link'},
        full ? h('a', {class: 'short-url', href: code.shortUrl, target: '_blank', rel: 'noopener', text: shown})
            : h('code', {class: 'short-url', text: shown}),
        h('button', {type: 'button', class: 'secondary copy', text: 'Copy', 'aria-label': `Copy short link ${shown}`,
            on: {click: async () => {
                try {
                    await navigator.clipboard.writeText(code.shortUrl);
                    status.say(`Copied ${code.shortUrl}`);
                } catch (error) {
                    status.say(`Could not copy (${error.message}); select the link and copy it.`, true);
                }
            }}}));
}

/** The campaign to file a code in, `campaign` (an id, or '' for none) chosen. */
function campaignPicker(campaign, status) {
    return campaignSelect([['', 'None']], campaign, {name: 'campaign', dataset: {path: 'campaign'}},
        (error) => status.say(`Campaigns could not be read: ${describe(error)}`, error));
}

const CAMPAIGN_HINT = 'Group codes in campaigns to see their scans together.';

/** Destination, title and tags: the fields the create form and the detail page share, with their API paths. */
function labelFields(code = {}) {
    const destination = h('input', {type: 'url', name: 'destinationUrl', required: true, value: code.destinationUrl,
        placeholder: 'https://example.com/menu', autocomplete: 'url', dataset: {path: 'destinationUrl'}});
    const title = h('input', {type: 'text', name: 'title', maxlength: 200, value: code.title,
        dataset: {path: 'title'}});
    const tags = h('input', {type: 'text', name: 'tags', value: (code.tags ?? []).join(', '), dataset: {path: 'tags'}});
    return {
        nodes: [
            field('Destination URL', destination, 'Where scans go when no rule applies.'),
            field('Title (optional)', title, 'For your lists; the search finds it.'),
            field('Tags (optional)', tags, 'Separated by commas.'),
        ],
        values: () => ({destinationUrl: destination.value.trim(), title: title.value.trim() || null,
            tags: splitList(tags.value)}),
    };
}

// ---- #/dynamic ------------------------------------------------------------------------------------------------

async function overview(main, query) {
    const status = statusLine();
    const search = h('input', {type: 'search', name: 'q', value: query.get('q') ?? '',
        placeholder: 'Destination, short code or title'});
    const statusFilter = select([['', 'Any status'], ['active', 'Active'], ['paused', 'Paused']],
        query.get('status') ?? '', {name: 'status'});
    const campaignFilter = campaignSelect([['', 'Any campaign'], ['none', 'In no campaign']],
        query.get('campaign') ?? '', {name: 'campaign'}, (error) => status.say(describe(error), error));
    const rows = h('tbody');
    const more = h('button', {type: 'button', class: 'secondary', text: 'Load more', hidden: true});
    const table = h('div', {class: 'table-wrap'}, h('table', {class: 'dynamic-list'},
        h('caption', {class: 'muted', text: 'Newest first'}),
        h('thead', {}, h('tr', {},
            h('th', {scope: 'col', text: 'Title'}),
            h('th', {scope: 'col', text: 'Short link'}),
            h('th', {scope: 'col', class: 'optional', text: 'Destination'}),
            h('th', {scope: 'col', text: 'Status'}),
            h('th', {scope: 'col', class: 'num', text: 'Scans'}))),
        rows));
    let cursor = null;
    let generation = 0;

    async function load(fresh) {
        const mine = fresh ? ++generation : generation;
        const params = new URLSearchParams({limit: String(PAGE_SIZE)});
        if (search.value.trim()) params.set('q', search.value.trim());
        if (statusFilter.value) params.set('status', statusFilter.value);
        if (campaignFilter.value) params.set('campaign', campaignFilter.value);
        if (fresh) {
            // Filters live in the address, so a reload or a shared link shows the same list; replaceState does
            // not fire hashchange, so the page is not rebuilt under the typing.
            const filters = new URLSearchParams([...params].filter(([name]) => name !== 'limit'));
            history.replaceState(null, '', `#/dynamic${filters.size ? `?${filters}` : ''}`);
        } else {
            params.set('cursor', cursor);
        }
        more.disabled = true;
        try {
            const page = await get(`dynamic?${params}`);
            if (mine !== generation) return;
            if (fresh) rows.replaceChildren();
            rows.append(...page.items.map((code) => row(code, status)));
            cursor = page.nextCursor;
            more.hidden = !cursor;
            const filtered = params.has('q') || params.has('status') || params.has('campaign');
            const shown = rows.children.length;
            status.say(shown ? `${shown} code${shown === 1 ? '' : 's'} shown`
                : filtered ? 'No dynamic codes match these filters.'
                    : 'No dynamic codes yet: create the first one with New dynamic code.');
        } catch (error) {
            if (mine === generation) status.say(describe(error), error);
        } finally {
            more.disabled = false;
        }
    }

    search.addEventListener('input', debounce(() => load(true), 300));
    statusFilter.addEventListener('change', () => load(true));
    campaignFilter.addEventListener('change', () => load(true));
    more.addEventListener('click', () => load(false));

    // A list filtered to a campaign files new codes in it.
    const create = modal(createForm(query.get('campaign') === 'none' ? '' : query.get('campaign') ?? ''),
        'create-title');
    main.append(h('div', {class: 'row heading'}, h('h1', {text: 'Dynamic codes'}),
        h('button', {type: 'button', class: 'new-dynamic', text: 'New dynamic code', 'aria-haspopup': 'dialog',
            on: {click: create.open}})),
        h('section', {class: 'card', 'aria-labelledby': 'dynamic-list-title'},
            h('h2', {id: 'dynamic-list-title', text: 'Your dynamic codes'}),
            h('div', {class: 'toolbar', role: 'search'},
                field('Search', search), field('Status', statusFilter), field('Campaign', campaignFilter)),
            table, more, status),
        create.element);
    await load(true);
}

function row(code, status) {
    return h('tr', {dataset: {id: code.id}},
        h('td', {}, h('a', {href: `#/${path(code.id)}`, text: code.title || code.shortCode})),
        h('td', {}, shortLink(code, status)),
        h('td', {class: 'optional destination'}, h('span', {title: code.destinationUrl, text: code.destinationUrl})),
        h('td', {}, badges(code)),
        h('td', {class: 'num scans', text: count(code.scanCount)}));
}

/**
 * Where a new code's short link lives: the default domain, or one of the workspace's verified custom domains. Shown
 * only when there is a choice; a credential without keys:admin cannot list domains, and so has the default alone.
 */
function domainChoice() {
    const choice = select([['', 'Default domain']], '', {name: 'domain', dataset: {path: 'domain'}});
    const element = field('Domain', choice, 'Where the short link lives; add and verify domains under Domains.');
    element.hidden = true;
    get('domains?limit=200').then((page) => {
        const verified = page.items.filter((domain) => domain.status === 'verified');
        choice.append(...verified.map((domain) => h('option', {value: domain.host, text: domain.host})));
        element.hidden = verified.length === 0;
    }, () => {
        // Not allowed to list them (or unreachable): the default domain stays the only choice, as before domains.
    });
    return {element, value: () => choice.value};
}

function createForm(campaignId) {
    const status = statusLine();
    const labels = labelFields();
    const domain = domainChoice();
    const password = passwordInput();
    const campaign = campaignPicker(campaignId, status);
    const rules = rulesEditor([]);
    const submit = h('button', {type: 'submit', text: 'Create dynamic code'});
    const form = h('form', {class: 'stack create-dynamic', novalidate: true, 'aria-labelledby': 'create-title'},
        h('h2', {id: 'create-title', text: 'New dynamic code'}),
        h('div', {class: 'fields create-fields'}, labels.nodes, domain.element,
            field('Campaign (optional)', campaign, CAMPAIGN_HINT),
            field('Password (optional)', password, PASSWORD_HINT)),
        h('details', {class: 'rules-fold'}, h('summary', {text: 'Routing rules (optional)'}), rules.element),
        h('p', {class: 'hint', text: 'The QR code is drawn in the standard style; restyle it from the code\'s page '
            + 'whenever you like: the short link, and so every printed copy, stays the same.'}),
        h('div', {class: 'row'}, submit),
        status);
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        clearFieldErrors(form);
        const problem = rules.problem();
        if (problem) {
            showFieldError(form, problem.field, problem.message);
            status.say(`Not created: ${problem.message}`, true);
            return;
        }
        const {destinationUrl, title, tags} = labels.values();
        const body = {destinationUrl, rules: rules.value()};
        if (title) body.title = title;
        if (tags.length) body.tags = tags;
        if (password.value) body.password = password.value;
        if (domain.value()) body.domain = domain.value();
        if (campaign.value) body.campaign = campaign.value;
        submit.disabled = true;
        status.say('Creating…');
        try {
            const created = await post('dynamic', body);
            location.hash = `#/${path(created.id)}`;
        } catch (error) {
            refused(form, status, error, 'Not created');
        } finally {
            submit.disabled = false;
        }
    });
    return form;
}

// ---- #/dynamic/<id> -------------------------------------------------------------------------------------------

async function detail(main, id) {
    main.append(h('p', {}, h('a', {href: '#/dynamic', text: '← All dynamic codes'})));
    let code = await get(path(id));
    const stops = [];
    const heading = h('h1', {});
    const headBadge = h('span', {});
    const showHead = () => {
        heading.textContent = code.title || code.shortCode;
        headBadge.replaceChildren(...badges(code));
    };
    showHead();
    const update = (next) => {
        code = next;
        showHead();
    };

    const scans = liveScans(code, stops);
    main.append(h('div', {class: 'row detail-head'}, heading, headBadge),
        h('div', {class: 'split dynamic-detail'},
            h('div', {class: 'stack'},
                settingsForm(() => code, update),
                rulesCard(() => code, update),
                deleteCard(code, scans)),
            h('div', {class: 'stack side'},
                await codeCard(code, stops),
                statusCard(() => code, update),
                passwordCard(() => code, update),
                scans.card)));
    return () => stops.forEach((stop) => stop());
}

/** The QR image (from the code's QR record) and the short link. */
async function codeCard(code, stops) {
    const status = statusLine();
    const image = h('img', {class: 'preview', alt: `QR code of ${code.shortUrl}`});
    const save = h('a', {class: 'button secondary', download: `${code.shortCode}.${code.qr.format}`, hidden: true,
        text: `Download ${code.qr.format.toUpperCase()}`});
    try {
        const src = await imageUrl(`qr/${encodeURIComponent(code.qr.id)}/image`);
        stops.push(() => URL.revokeObjectURL(src));
        image.src = src;
        save.href = src;
        save.hidden = false;
    } catch (error) {
        status.say(`The image could not be loaded: ${describe(error)}`, error);
    }
    return h('section', {class: 'card stack', 'aria-label': 'QR code and short link'},
        image,
        h('div', {}, h('div', {class: 'hint', text: 'Short link (printed in the code; never changes)'}),
            shortLink(code, status, {full: true})),
        h('div', {class: 'row'}, save,
            h('a', {class: 'button secondary', href: `#/design?dynamic=${encodeURIComponent(code.id)}`, text: 'Restyle'})),
        status);
}

/** Destination, title, tags and expiry, saved as one merge patch of what changed. */
function settingsForm(current, update) {
    const status = statusLine();
    const labels = labelFields(current());
    const expiresAt = h('input', {type: 'datetime-local', name: 'expiresAt', value: toLocalInput(current().expiresAt),
        dataset: {path: 'expiresAt'}});
    const expiredUrl = h('input', {type: 'url', name: 'expiredUrl', value: current().expiredUrl,
        placeholder: 'https://example.com/campaign-over', dataset: {path: 'expiredUrl'}});
    const campaign = campaignPicker(current().campaign ?? '', status);
    const submit = h('button', {type: 'submit', text: 'Save changes'});
    const form = h('form', {class: 'card stack', novalidate: true, 'aria-labelledby': 'settings-title'},
        h('h2', {id: 'settings-title', text: 'Destination'}),
        labels.nodes,
        field('Campaign', campaign, CAMPAIGN_HINT),
        h('details', {open: Boolean(current().expiresAt)},
            h('summary', {text: 'Expiry (optional)'}),
            h('div', {class: 'fields'},
                field('Expires at', expiresAt, LOCAL_TIME_HINT),
                field('After expiry, go to', expiredUrl, 'Empty: scans get an "expired" page.'))),
        h('div', {class: 'row'}, submit),
        status);
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        clearFieldErrors(form);
        const code = current();
        const wanted = {...labels.values(), expiresAt: fromLocalInput(expiresAt.value),
            expiredUrl: expiredUrl.value.trim() || null};
        const changes = {};
        if (wanted.destinationUrl !== code.destinationUrl) changes.destinationUrl = wanted.destinationUrl;
        if (wanted.title !== (code.title ?? null)) changes.title = wanted.title;
        if (wanted.tags.join('\n') !== (code.tags ?? []).join('\n')) changes.tags = wanted.tags.length ? wanted.tags : null;
        if ((campaign.value || null) !== (code.campaign ?? null)) changes.campaign = campaign.value || null;
        // The input shows minutes only: an unchanged input must not send a (second-less) new instant.
        if (expiresAt.value !== toLocalInput(code.expiresAt)) changes.expiresAt = wanted.expiresAt;
        if (wanted.expiredUrl !== (code.expiredUrl ?? null)) changes.expiredUrl = wanted.expiredUrl;
        if (!Object.keys(changes).length) {
            status.say('Nothing changed.');
            return;
        }
        submit.disabled = true;
        status.say('Saving…');
        try {
            update(await patch(path(code.id), changes));
            status.say(changes.destinationUrl ? `Saved. Scans now go to ${changes.destinationUrl}.` : 'Saved.');
        } catch (error) {
            refused(form, status, error, 'Not saved');
        } finally {
            submit.disabled = false;
        }
    });
    return form;
}

function rulesCard(current, update) {
    const status = statusLine();
    const editor = rulesEditor(current().rules ?? []);
    const save = h('button', {type: 'submit', text: 'Save rules'});
    const form = h('form', {class: 'card stack rules-card', novalidate: true, 'aria-labelledby': 'rules-title'},
        h('h2', {id: 'rules-title', text: 'Smart routing rules'}),
        h('p', {class: 'hint', text: 'Tried in order on every scan: the first rule whose conditions all hold decides; '
            + 'when none does, the scan goes to the destination.'}),
        editor.element,
        h('div', {class: 'row'}, save),
        status);
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        clearFieldErrors(form);
        const problem = editor.problem();
        if (problem) {
            showFieldError(form, problem.field, problem.message);
            status.say(`Not saved: ${problem.message}`, true);
            return;
        }
        save.disabled = true;
        status.say('Saving…');
        try {
            const saved = await patch(path(current().id), {rules: editor.value()});
            update(saved);
            editor.reset(saved.rules ?? []);
            const n = saved.rules?.length ?? 0;
            status.say(`Rules saved: ${n ? `${n} rule${n === 1 ? '' : 's'}` : 'none'}.`);
        } catch (error) {
            refused(form, status, error, 'Not saved');
        } finally {
            save.disabled = false;
        }
    });
    return form;
}

/** Active ↔ paused, as a switch: a real button, so Space and Enter work, with its state in aria-checked. */
function statusCard(current, update) {
    const status = statusLine();
    const hint = uid('hint');
    const toggle = h('button', {type: 'button', role: 'switch', class: 'switch', 'aria-describedby': hint},
        h('span', {class: 'switch-track', 'aria-hidden': 'true'}),
        h('span', {text: 'Active'}));
    const show = () => toggle.setAttribute('aria-checked', String(current().status === 'active'));
    show();
    toggle.addEventListener('click', async () => {
        const next = current().status === 'active' ? 'paused' : 'active';
        toggle.disabled = true;
        try {
            update(await patch(path(current().id), {status: next}));
            status.say(next === 'active' ? 'Active: scans are redirected again.' : 'Paused: scans now get a "paused" page.');
        } catch (error) {
            status.say(`Not changed: ${describe(error)}`, error);
        } finally {
            show();
            toggle.disabled = false;
            toggle.focus();
        }
    });
    return h('section', {class: 'card stack', 'aria-labelledby': 'status-title'},
        h('h2', {id: 'status-title', text: 'Status'}),
        toggle,
        h('p', {class: 'hint', id: hint, text: 'While paused, scans get a "this code is paused" page '
            + 'instead of the destination, and are still counted.'}),
        status);
}

/** The password gate: set or change the password (never shown, as the API keeps only its hash), or remove it. */
function passwordCard(current, update) {
    const status = statusLine();
    const state = h('p', {class: 'gate-state'});
    const password = passwordInput();
    password.required = true;
    const save = h('button', {type: 'submit'});
    const removeGate = h('button', {type: 'button', class: 'secondary', text: 'Remove password'});
    const show = () => {
        const gated = current().passwordProtected;
        state.textContent = gated ? 'Protected: scanners must enter the password before they are redirected.'
            : 'Not protected: every scan is redirected.';
        save.textContent = gated ? 'Change password' : 'Set password';
        removeGate.hidden = !gated;
    };
    show();
    const form = h('form', {class: 'card stack password-gate', novalidate: true, 'aria-labelledby': 'gate-title'},
        h('h2', {id: 'gate-title', text: 'Password'}),
        state,
        field('Password', password, PASSWORD_HINT),
        h('div', {class: 'row'}, save, removeGate),
        status);
    async function change(value, done) {
        clearFieldErrors(form);
        save.disabled = removeGate.disabled = true;
        status.say('Saving…');
        try {
            update(await patch(path(current().id), {password: value}));
            password.value = '';
            show();
            status.say(done);
        } catch (error) {
            refused(form, status, error, 'Not saved');
        } finally {
            save.disabled = removeGate.disabled = false;
        }
    }
    form.addEventListener('submit', (event) => {
        event.preventDefault();
        change(password.value, 'Password saved: scanners now need it.');
    });
    removeGate.addEventListener('click', () => change(null, 'Password removed: every scan is redirected.'));
    return form;
}

/**
 * The live count: polled while the page is open, shown on every change, announced at most every 15 s. Held while the
 * code is deleted, a poll in flight answered first, so no poll asks for a code that is gone.
 */
function liveScans(code, stops) {
    const number = h('p', {class: 'big-number scan-count', text: count(code.scanCount)});
    const live = statusLine();
    live.classList.add('scans-live');
    let shown = code.scanCount;
    let pending = false;
    let lastSaid = 0;
    let stopped = false;
    let held = false;
    let timer = null;
    let running = null;

    async function poll() {
        if (document.hidden) return;
        try {
            const fresh = await get(path(code.id));
            if (stopped) return;
            if (fresh.scanCount !== shown) {
                shown = fresh.scanCount;
                number.textContent = count(shown);
                pending = true;
            }
            if (pending && Date.now() - lastSaid >= ANNOUNCE_MILLIS) {
                live.say(`${count(shown)} scan${shown === 1 ? '' : 's'} so far.`);
                lastSaid = Date.now();
                pending = false;
            }
        } catch (error) {
            if (!stopped) live.say(`The live count could not be updated: ${describe(error)}`, error);
        }
    }
    function schedule() {
        if (!stopped && !held) timer = setTimeout(tick, POLL_MILLIS);
    }
    function tick() {
        running = poll().finally(() => {
            running = null;
            schedule();
        });
    }

    schedule();
    stops.push(() => {
        stopped = true;
        clearTimeout(timer);
    });
    return {
        card: h('section', {class: 'card', 'aria-labelledby': 'scans-title'},
            h('h2', {id: 'scans-title', text: 'Scans'}),
            number,
            h('p', {class: 'hint', text: 'Live: updated every few seconds while this page is open.'}),
            live,
            h('a', {href: `#/analytics/${encodeURIComponent(code.id)}`, text: 'See analytics'})),
        async hold() {
            held = true;
            clearTimeout(timer);
            await running;
        },
        resume() {
            held = false;
            if (!running) schedule();
        },
    };
}

function deleteCard(code, scans) {
    const status = statusLine();
    const erase = h('input', {type: 'checkbox', name: 'erase'});
    const button = h('button', {type: 'button', class: 'danger', text: 'Delete this code'});
    button.addEventListener('click', async () => {
        const what = erase.checked ? 'Delete this code and erase its scan history' : 'Delete this code';
        if (!window.confirm(`${what}? Its short link ${code.shortUrl} will stop working for good.`)) return;
        button.disabled = true;
        await scans.hold();
        try {
            await remove(`${path(code.id)}${erase.checked ? '?erase=true' : ''}`);
            location.hash = '#/dynamic';
        } catch (error) {
            status.say(`Not deleted: ${describe(error)}`, error);
            button.disabled = false;
            scans.resume();
        }
    });
    return h('section', {class: 'card stack', 'aria-labelledby': 'delete-title'},
        h('h2', {id: 'delete-title', text: 'Delete'}),
        h('p', {class: 'hint', text: 'Printed copies then show "this code no longer exists"; the short code is never '
            + 'given out again. Past scans stay in the workspace\'s analytics unless you erase them.'}),
        h('label', {class: 'check'}, erase, ' Also erase its scans (needs the analytics:erase scope)'),
        h('div', {class: 'row'}, button),
        status);
}
