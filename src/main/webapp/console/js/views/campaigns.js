// Campaigns (#/campaigns): the folders dynamic codes are filed in. Create one (in a dialog), rename it or change its
// description, delete it (its codes stay, in no campaign), and go to its codes or to its analytics, which the
// analytics view draws (#/analytics?campaign=<id>) with the same charts as the workspace's.

import {ApiError, get, patch, post, remove} from '../api.js';
import {count, field, h, statusLine} from '../dom.js';
import {clearFieldErrors, showFieldError} from '../forms.js';
import {modal} from '../overlays.js';

const PAGE_SIZE = 50;

const describe = (error) => (error instanceof ApiError ? error.describe() : error.message);

export default async function render(main) {
    const status = statusLine();
    const list = h('ul', {class: 'stack campaigns'});
    const more = h('button', {type: 'button', class: 'secondary', text: 'Load more', hidden: true});
    let cursor = null;

    async function load(fresh) {
        const params = new URLSearchParams({limit: String(PAGE_SIZE)});
        if (!fresh) params.set('cursor', cursor);
        more.disabled = true;
        try {
            const page = await get(`campaigns?${params}`);
            if (fresh) list.replaceChildren();
            list.append(...page.items.map((campaign) => item(campaign, status, () => load(true))));
            cursor = page.nextCursor;
            more.hidden = !cursor;
            status.say(list.children.length ? ''
                : 'No campaigns yet: create the first one with New campaign, then file codes in it.');
        } catch (error) {
            status.say(describe(error), error);
        } finally {
            more.disabled = false;
        }
    }

    more.addEventListener('click', () => load(false));
    const create = modal(campaignForm({title: 'New campaign', action: 'Create campaign', headingId: 'new-campaign'},
        async (body) => {
            const created = await post('campaigns', body);
            create.close();
            await load(true);
            status.say(`Created “${created.name}”. File codes in it from their pages, or from the new code form.`);
            return '';
        }), 'new-campaign');
    main.append(h('div', {class: 'row heading'}, h('h1', {text: 'Campaigns'}),
        h('button', {type: 'button', class: 'new-campaign', text: 'New campaign', 'aria-haspopup': 'dialog',
            on: {click: create.open}})),
        h('section', {class: 'card stack', 'aria-labelledby': 'campaigns-title'},
            h('h2', {id: 'campaigns-title', text: 'Your campaigns'}),
            list, more, status),
        create.element);
    await load(true);
}

/**
 * A form of a campaign's name and description; `save` sends them and answers what to say, and a refusal lands at
 * the control the API names (`name`, `description`).
 */
function campaignForm({title, action, campaign = {}, headingId}, save) {
    const status = statusLine();
    const name = h('input', {type: 'text', name: 'name', required: true, maxlength: 100, autocomplete: 'off',
        value: campaign.name, dataset: {path: 'name'}});
    const description = h('textarea', {name: 'description', maxlength: 1000, rows: 2, dataset: {path: 'description'}});
    description.value = campaign.description ?? '';
    const submit = h('button', {type: 'submit', text: action});
    // In the New dialog the form is the dialog's whole content, so it drops the card's frame.
    const form = h('form', {class: `stack campaign-form${campaign.id ? ' card' : ''}`, novalidate: true,
        'aria-label': title},
        h('h2', {id: headingId, text: title}),
        h('div', {class: 'fields'},
            field('Name', name, 'Unique in the workspace, whatever its case.'),
            field('Description (optional)', description)),
        h('div', {class: 'row'}, submit),
        status);
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        clearFieldErrors(form);
        submit.disabled = true;
        status.say('Saving…');
        try {
            const said = await save({name: name.value, description: description.value.trim() || null});
            if (!campaign.id) {
                name.value = '';
                description.value = '';
            }
            status.say(said);
        } catch (error) {
            if (error instanceof ApiError && error.field) showFieldError(form, error.field, error.message);
            status.say(`Not saved: ${describe(error)}`, error);
        } finally {
            submit.disabled = false;
        }
    });
    return form;
}

/** One campaign: its name, description and code count, the ways to its codes and analytics, edit and delete. */
function item(campaign, status, reload) {
    const id = encodeURIComponent(campaign.id);
    const edit = h('button', {type: 'button', class: 'secondary', text: 'Edit', 'aria-expanded': 'false',
        'aria-label': `Edit campaign ${campaign.name}`});
    const del = h('button', {type: 'button', class: 'danger', text: 'Delete',
        'aria-label': `Delete campaign ${campaign.name}`});
    const editor = h('div', {hidden: true});
    const element = h('li', {class: 'card stack campaign', dataset: {id: campaign.id}},
        h('h3', {text: campaign.name}),
        campaign.description ? h('p', {class: 'campaign-description', text: campaign.description}) : null,
        h('p', {class: 'muted campaign-count',
            text: `${count(campaign.codeCount)} code${campaign.codeCount === 1 ? '' : 's'}`}),
        h('div', {class: 'row'},
            h('a', {class: 'button secondary', href: `#/dynamic?campaign=${id}`, text: 'Codes',
                'aria-label': `Codes of campaign ${campaign.name}`}),
            h('a', {class: 'button secondary', href: `#/analytics?campaign=${id}`, text: 'Analytics',
                'aria-label': `Analytics of campaign ${campaign.name}`}),
            edit, del),
        editor);
    edit.addEventListener('click', () => {
        if (editor.hidden) {
            editor.replaceChildren(campaignForm({title: `Edit ${campaign.name}`, action: 'Save', campaign},
                async (body) => {
                    await patch(`campaigns/${id}`, body);
                    await reload();
                    status.say(`Saved “${body.name.trim()}”.`);
                    return 'Saved.';
                }));
        }
        editor.hidden = !editor.hidden;
        edit.setAttribute('aria-expanded', String(!editor.hidden));
        if (!editor.hidden) editor.querySelector('input').focus();
    });
    del.addEventListener('click', async () => {
        // The codes stay (docs/api.md, "Campaigns"): say so, as that is what people worry about.
        if (!window.confirm(`Delete campaign “${campaign.name}”?\n\nIts ${count(campaign.codeCount)} code(s) stay, `
            + 'in no campaign, and keep their scans.')) return;
        del.disabled = true;
        try {
            await remove(`campaigns/${id}`);
            await reload();
            status.say(`Deleted “${campaign.name}”; its codes are in no campaign now.`);
        } catch (error) {
            status.say(`Not deleted: ${describe(error)}`, error);
            del.disabled = false;
        }
    });
    return element;
}
