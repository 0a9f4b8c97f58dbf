// Custom domains: `#/domains` adds a host (in a dialog), shows the TXT record and the HTTP challenge that prove it,
// verifies it on demand, and deletes it. Dynamic codes are then created on a verified one (the Dynamic section's
// Domain).

import {ApiError, get, post, remove} from '../api.js';
import {field, h, statusLine, when} from '../dom.js';
import {clearFieldErrors, showFieldError} from '../forms.js';
import {modal} from '../overlays.js';

const PAGE_SIZE = 50;
const describe = (error) => (error instanceof ApiError ? error.describe() : error.message);

export default async function render(main) {
    const root = h('section', {class: 'domains stack'});
    main.append(root);
    const list = h('ul', {class: 'domain-list stack', 'aria-label': 'Your domains'});
    const listStatus = statusLine();
    const more = h('button', {type: 'button', class: 'secondary', text: 'Load more', hidden: true});
    let cursor = null;

    async function load(fresh) {
        const params = new URLSearchParams({limit: PAGE_SIZE});
        if (!fresh && cursor) params.set('cursor', cursor);
        try {
            const page = await get(`domains?${params}`);
            if (fresh) list.replaceChildren();
            list.append(...page.items.map(card));
            cursor = page.nextCursor;
            more.hidden = !cursor;
            listStatus.say(list.children.length ? '' : 'No custom domains yet: add the first one with Add domain.');
        } catch (error) {
            listStatus.say(describe(error), error);
        }
    }

    /** One domain: its state, what to set up while pending, and its actions. */
    function card(domain) {
        const status = statusLine();
        const verify = h('button', {type: 'button', text: 'Verify now', hidden: domain.status === 'verified'});
        const del = h('button', {type: 'button', class: 'danger', text: 'Delete',
            'aria-label': `Delete ${domain.host}`});
        const item = h('li', {class: 'card stack domain', dataset: {id: domain.id}},
            h('div', {class: 'row heading'}, h('h2', {class: 'domain-host', text: domain.host}),
                h('span', {class: `badge ${domain.status}`, text: domain.status === 'verified' ? 'Verified' : 'Pending'})),
            domain.status === 'verified'
                ? h('p', {class: 'muted', text: `Verified by ${domain.verifiedBy === 'dns' ? 'its TXT record'
                    : 'the HTTP challenge'} ${when(domain.verifiedAt)}. Dynamic codes can use it.`})
                : setup(domain),
            domain.lastError && domain.status !== 'verified'
                ? h('p', {class: 'domain-error', text: `Last check ${when(domain.lastCheckedAt)}: ${domain.lastError}`})
                : null,
            h('div', {class: 'row'}, verify, del),
            status);
        verify.addEventListener('click', async () => {
            verify.disabled = true;
            status.say('Checking…');
            try {
                const checked = await post(`domains/${encodeURIComponent(domain.id)}/verify`);
                item.replaceWith(card(checked));
            } catch (error) {
                status.say(describe(error), error);
                verify.disabled = false;
            }
        });
        del.addEventListener('click', async () => {
            del.disabled = true;
            try {
                await remove(`domains/${encodeURIComponent(domain.id)}`);
                item.remove();
                listStatus.say(`Deleted ${domain.host}.`);
            } catch (error) {
                status.say(describe(error), error);
                del.disabled = false;
            }
        });
        return item;
    }

    /** The two ways to prove a pending domain, either of which will do. */
    function setup(domain) {
        const {txt, http} = domain.verification;
        return h('div', {class: 'domain-setup stack'},
            h('p', {text: 'Prove it is yours either way, then verify:'}),
            h('dl', {},
                h('dt', {text: 'DNS TXT record'}),
                h('dd', {}, 'Name ', h('code', {class: 'txt-name', text: txt.name}), ', value ',
                    h('code', {class: 'txt-value', text: txt.value})),
                h('dt', {text: 'Or HTTP'}),
                h('dd', {}, 'Point the host at this service; ', h('code', {text: http.url}),
                    ' must answer ', h('code', {text: http.body}), ' (it does once the host reaches us).')));
    }

    const host = h('input', {type: 'text', name: 'host', autocomplete: 'off', spellcheck: 'false',
        placeholder: 'go.example.com', dataset: {path: 'host'}});
    const add = h('button', {type: 'submit', text: 'Add domain'});
    const addStatus = statusLine();
    const form = h('form', {class: 'stack', novalidate: true, 'aria-labelledby': 'add-domain-title'},
        h('h2', {id: 'add-domain-title', text: 'Add a domain'}),
        field('Host', host, 'A host of yours for short links, such as go.example.com. TLS for it is set up where the '
            + 'service is deployed.'),
        h('div', {class: 'row'}, add), addStatus);
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        clearFieldErrors(form);
        add.disabled = true;
        try {
            const created = await post('domains', {host: host.value.trim()});
            list.prepend(card(created));
            host.value = '';
            adding.close();
            listStatus.say(`Added ${created.host}: set up one of its records, then verify.`);
        } catch (error) {
            if (error instanceof ApiError && error.field) showFieldError(form, error.field, error.message);
            addStatus.say(`Not added: ${describe(error)}`, error);
        } finally {
            add.disabled = false;
        }
    });
    more.addEventListener('click', () => load(false));

    const adding = modal(form, 'add-domain-title');
    root.append(h('div', {class: 'row heading'}, h('h1', {text: 'Custom domains'}),
        h('button', {type: 'button', class: 'add-domain', text: 'Add domain', 'aria-haspopup': 'dialog',
            on: {click: adding.open}})),
        h('section', {class: 'stack', 'aria-label': 'Domains'}, list, more, listStatus), adding.element);
    await load(true);
}
