// The designer's design templates: the workspace's saved designs, each to start from or delete, and the design in
// the form saved as a new one. Templates live in the API (GET, POST, DELETE templates); what starting from one means
// for the form is the designer's (use), as are the design it saves (design) and the errors the API names on it.

import {ApiError, get, post, remove} from './api.js';
import {field, h, statusLine} from './dom.js';
import {clearFieldErrors, showFieldError} from './forms.js';

/** The API's largest page: a picker shows the newest this many. */
const LISTED = 200;

/**
 * @param use           starts the form's design from a template (its record)
 * @param design        the design now in the form, or undefined for the defaults
 * @param onDesignError shows an error the API names on a `design.…` field at its control
 */
export function templatesPanel({use, design, onDesignError}) {
    const list = h('ul', {class: 'stack templates'});
    const empty = h('p', {class: 'muted', text: 'No templates yet: save a design to start from it later.'});
    const name = h('input', {type: 'text', maxlength: 100, autocomplete: 'off', dataset: {path: 'name'}});
    const save = h('button', {type: 'button', class: 'secondary', text: 'Save design as template',
        on: {click: saveTemplate}});
    const status = statusLine();
    const element = h('section', {class: 'card stack', 'aria-label': 'Templates'}, h('h2', {text: 'Templates'}),
        empty, list, h('div', {class: 'row'}, field('Template name', name, 'The current design, logo and frame.'),
            save), status);

    async function refresh() {
        try {
            const page = await get(`templates?limit=${LISTED}`);
            list.replaceChildren(...page.items.map(item));
            empty.hidden = page.items.length > 0;
        } catch (error) {
            status.say(error instanceof ApiError ? error.describe() : error.message, error);
        }
    }

    function item(template) {
        return h('li', {class: 'row', dataset: {id: template.id}}, h('span', {text: template.name}),
            h('button', {type: 'button', class: 'secondary', text: 'Start from it',
                'aria-label': `Start from template ${template.name}`, on: {click: () => {
                    use(template);
                    status.say(`Started from “${template.name}”.`);
                }}}),
            h('button', {type: 'button', class: 'danger', text: 'Delete',
                'aria-label': `Delete template ${template.name}`, on: {click: () => deleteTemplate(template)}}));
    }

    async function saveTemplate() {
        clearFieldErrors(element);
        try {
            const saved = await post('templates', {name: name.value, design: design() ?? {}});
            name.value = '';
            await refresh();
            status.say(`Saved template “${saved.name}”.`);
        } catch (error) {
            if (error instanceof ApiError && error.field?.startsWith('design')) {
                onDesignError(error);
                status.say('');
            } else {
                status.say(error instanceof ApiError ? error.describe() : error.message, error);
                if (error instanceof ApiError && error.field) showFieldError(element, error.field, error.message);
            }
        }
    }

    async function deleteTemplate(template) {
        // Codes made from it keep their design (docs/api.md, "Design templates"): nothing else goes with it.
        if (!confirm(`Delete template “${template.name}”?\n\nCodes made from it keep their look.`)) return;
        try {
            await remove(`templates/${encodeURIComponent(template.id)}`);
            await refresh();
            status.say(`Deleted template “${template.name}”.`);
        } catch (error) {
            status.say(error instanceof ApiError ? error.describe() : error.message, error);
        }
    }

    return {element, refresh};
}
