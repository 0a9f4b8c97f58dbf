// The designer: every option of the API's design, a live preview with its scan-safety verdict, then Save or
// Download; the design can start from a saved template, or be saved as one. The option lists and ranges come from GET
// design-options, so a style the service gains appears here without a console release; the verdict is the service's
// own (POST qr/preview), never guessed in the browser.

import {ApiError, get, patch, post, recordImageUrl} from '../api.js';
import {count, dataUri, debounce, field, h, select, statusLine, uid} from '../dom.js';
import {clearFieldErrors, showFieldError} from '../forms.js';
import {contentForms} from '../content-forms.js';
import {templatesPanel} from '../templates.js';
import {designOptions, downloadName, downloadRendering, forFormat, PRINT_FORMATS, RASTER_FORMATS, SHOWN_FORMATS}
    from '../qr-files.js';
import {menuButton} from '../overlays.js';
import {verdictView} from '../safety.js';

const PREVIEW_DELAY_MS = 300;
const UNIT_NAMES = {px: 'Pixels', mm: 'Millimetres', in: 'Inches'};

/** Whether a request has something to encode: data, or typed content with at least one field filled in. */
function encodes(body) {
    return Boolean(body.data) || Object.keys(body.content ?? {}).some((key) => key !== 'type');
}

/** `rounded-pointed` → "Rounded pointed", `topLeft` → "Top left": the API's values as people read them. */
function words(value) {
    const text = String(value).replace(/-/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A control's value for the request: nothing while it is disabled (the option does not apply) or left empty. */
function valueOf(control) {
    if (control.matches(':disabled')) return undefined;
    if (control.type === 'checkbox') return control.checked;
    if (control.value === '') return undefined;
    return control.type === 'number' || control.type === 'range' ? Number(control.value) : control.value;
}

function setValue(control, value) {
    if (control.type === 'checkbox') control.checked = Boolean(value);
    else control.value = value ?? '';
}

function valueAt(object, path) {
    return path.split('.').reduce((value, key) => value?.[key], object);
}

function setAt(object, path, value) {
    const keys = path.split('.');
    const last = keys.pop();
    const parent = keys.reduce((node, key) => (node[key] ??= {}), object);
    parent[last] = value;
}

function choices(option, none) {
    const values = option.values.map((value) => [value, words(value)]);
    return none ? [['', none], ...values] : values;
}

function numberInput(option, step) {
    return h('input', {type: 'number', min: option.min, max: option.max, step, value: option.default,
        inputmode: step < 1 ? 'decimal' : 'numeric'});
}

function checkbox(label, checked) {
    const input = h('input', {type: 'checkbox', checked});
    return {input, el: h('label', {class: 'check'}, input, ` ${label}`)};
}

/** `image/svg+xml` → SVG, and the limits with the digits grouped: "PNG, JPEG or SVG; at most 1,000,000 bytes…". */
function logoHint(option) {
    const kinds = option.values.map((type) => type.split('/')[1].split('+')[0].toUpperCase());
    const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}` : kinds.join('');
    return `${list}; ${option.description.replace(/\d+/g, (digits) => count(digits))}.`;
}

/** A labelled control with something more under it: a checkbox that qualifies it, or its value. */
function fieldWith(label, control, extra) {
    const el = field(label, control);
    el.append(extra);
    return el;
}

/** A slider with its value shown beside it. */
function slider(label, option, step) {
    const input = h('input', {type: 'range', min: option.min, max: option.max, step, value: option.default});
    const shown = h('output', {for: input.id ||= uid(), text: input.value});
    const refresh = () => {
        shown.textContent = input.value;
    };
    input.addEventListener('input', refresh);
    return {input, el: fieldWith(label, input, shown), refresh};
}

export default async function render(main, route) {
    // Everything goes into a node of this rendering's own, placed at once: if the route changes while this view
    // awaits the API, the router empties <main> and whatever this stale rendering still builds stays detached.
    const root = h('div', {class: 'stack'});
    main.append(root);
    const options = await designOptions();
    const design = options.design;
    // Two ways in besides a blank page: a static code as the starting point of a new one (?from=qr_…), or a dynamic
    // code to restyle in place (?dynamic=dyn_…), whose data is its short link and stays so.
    const from = route.query.get('from');
    const restyled = route.query.get('dynamic') ? await get(`dynamic/${encodeURIComponent(route.query.get('dynamic'))}`)
        : null;
    const originalId = restyled ? restyled.qr.id : from;
    const original = originalId ? await get(`qr/${encodeURIComponent(originalId)}`) : null;

    /** What the request is made of: each API field, the control that sets it, and how to read and write it. */
    const bindings = [];
    const bind = (path, control, fallback, binding = {}) => {
        control.dataset.path = path;
        bindings.push({path, control, read: () => valueOf(control), write: (v) => setValue(control, v ?? fallback),
            ...binding});
        return control;
    };

    // Content
    const data = bind('data', h('textarea', {rows: 3, required: true, placeholder: 'https://example.com',
        autocomplete: 'off', spellcheck: 'false'}), '', {read: () => (data.disabled ? undefined
        : data.value.trim() || undefined)});
    const content = contentForms(bind, data);
    const title = bind('title', h('input', {type: 'text', maxlength: 200, autocomplete: 'off'}), '',
        {read: () => title.value.trim() || undefined});
    const tags = bind('tags', h('input', {type: 'text', autocomplete: 'off'}), '', {
        read: () => {
            const list = [...new Set(tags.value.split(',').map((tag) => tag.trim()).filter(Boolean))];
            return list.length ? list : undefined;
        },
        write: (v) => setValue(tags, (v ?? []).join(', ')),
    });

    // Body and colours
    const bodyStyle = bind('design.bodyStyle', select(choices(design.bodyStyle), design.bodyStyle.default),
        design.bodyStyle.default);
    const foreground = bind('design.foregroundColor',
        h('input', {type: 'color', value: design.foregroundColor.default}), design.foregroundColor.default);
    const background = h('input', {type: 'color', value: design.backgroundColor.default});
    const transparent = checkbox('Transparent background', false);
    bind('design.backgroundColor', background, null, {
        read: () => (transparent.input.checked ? 'transparent' : background.value),
        write: (v) => {
            transparent.input.checked = v === 'transparent';
            background.value = v && v !== 'transparent' ? v : design.backgroundColor.default;
        },
    });

    // Gradient
    const gradientType = bind('design.gradientType', select(choices(design.gradientType, 'None'), ''), '');
    const gradientColor2 = bind('design.gradientColor2', h('input', {type: 'color', value: '#0b5cad'}), '#0b5cad');
    const rotation = slider('Rotation (degrees)', design.gradientRotation, 1);
    bind('design.gradientRotation', rotation.input, design.gradientRotation.default);
    const onEyes = checkbox('Eyes take the gradient', design.gradientOnEyes.default);
    bind('design.gradientOnEyes', onEyes.input, design.gradientOnEyes.default);

    // Eyes: the three together, and optionally each its own
    // A colour of its own, or (checked) the colour of what it follows: `source`, the body's or all eyes' picker.
    const optionalColour = (path, label, like, source) => {
        const colour = h('input', {type: 'color', value: source.value});
        const same = checkbox(like, true);
        bind(path, colour, null, {write: (v) => {
            same.input.checked = !v;
            colour.value = v ?? source.value;
        }});
        return {colour, same: same.input, source, el: fieldWith(label, colour, same.el)};
    };
    const eyeFrameStyle = bind('design.eyeFrameStyle', select(choices(design.eyeFrameStyle),
        design.eyeFrameStyle.default), design.eyeFrameStyle.default);
    const eyeBallStyle = bind('design.eyeBallStyle', select(choices(design.eyeBallStyle),
        design.eyeBallStyle.default), design.eyeBallStyle.default);
    const eyeFrameColor = optionalColour('design.eyeFrameColor', 'Eye frame colour', 'Like the body', foreground);
    const eyeBallColor = optionalColour('design.eyeBallColor', 'Eye ball colour', 'Like the body', foreground);
    const colourPickers = [eyeFrameColor, eyeBallColor];
    const eachEye = checkbox('Style each eye on its own', false);
    // Bound for its errors (`design.eyes`) and to open the per-eye controls when the original has them.
    bind('design.eyes', eachEye.input, null, {read: () => undefined, write: (v) => setValue(eachEye.input, v)});
    const eyeGroups = design.eyes.values.map((eye) => {
        const path = `design.eyes.${eye}`;
        const frame = optionalColour(`${path}.frameColor`, 'Frame colour', 'Like all eyes', eyeFrameColor.colour);
        const ball = optionalColour(`${path}.ballColor`, 'Ball colour', 'Like all eyes', eyeBallColor.colour);
        colourPickers.push(frame, ball);
        return h('fieldset', {class: 'eye', hidden: true, disabled: true}, h('legend', {text: words(eye)}),
            h('div', {class: 'fields'},
                field('Frame style', bind(`${path}.frameStyle`, select(choices(design.eyeFrameStyle, 'Like all eyes'),
                    ''), '')),
                field('Ball style', bind(`${path}.ballStyle`, select(choices(design.eyeBallStyle, 'Like all eyes'),
                    ''), '')),
                frame.el, ball.el));
    });

    // Logo
    let logo;
    const logoFile = h('input', {type: 'file', accept: design.logo.values.join(',')});
    const logoName = h('span', {class: 'muted'});
    const removeLogo = h('button', {type: 'button', class: 'secondary', text: 'Remove logo', hidden: true});
    bind('design.logo', logoFile, null, {read: () => logo, write: (v) => {
        logo = v;
        logoName.textContent = v ? 'The logo it started from' : '';
    }});
    const logoSize = slider('Logo size (share of the code\'s width)', design.logoSize, 0.01);
    bind('design.logoSize', logoSize.input, design.logoSize.default);
    const logoMargin = bind('design.logoMargin', numberInput(design.logoMargin, 1), design.logoMargin.default);
    const clearModules = checkbox('Leave out the modules under the logo', design.logoClearModules.default);
    bind('design.logoClearModules', clearModules.input, design.logoClearModules.default);

    // A frame with a call to action: absent (no `frame` in the request) while its style is none.
    const frameStyleOption = design['frame.style'];
    const frameStyle = bind('design.frame.style', select(choices(frameStyleOption), frameStyleOption.default),
        frameStyleOption.default, {read: () => (frameStyle.value === 'none' ? undefined : frameStyle.value)});
    const captionOption = design['frame.text'];
    // Sent as typed, an empty caption included (a frame without one); the API's default fills a fresh form.
    const caption = bind('design.frame.text', h('input', {type: 'text', maxlength: captionOption.max,
        value: captionOption.default, autocomplete: 'off'}), captionOption.default,
    {read: () => (caption.matches(':disabled') ? undefined : caption.value)});
    // The caption's automatic colour is white or black by the frame's: shown as white until one is chosen.
    const captionColour = optionalColour('design.frame.textColor', 'Caption colour', 'Automatic',
        {value: '#ffffff'});
    const frameColour = optionalColour('design.frame.frameColor', 'Colour of the frame', 'Like the foreground',
        foreground);
    const framePickers = [captionColour, frameColour];
    colourPickers.push(...framePickers);

    // Output
    const format = bind('format', select(options.formats.map((f) => [f, f.toUpperCase()]), options.formats[0]),
        options.formats[0]);
    const unit = bind('unit', select(options.unit.values.map((u) => [u, UNIT_NAMES[u] ?? u]), options.unit.default),
        options.unit.default);
    const size = bind('size', numberInput(options.size, 1), options.size.default);
    const dpi = bind('dpi', numberInput(options.dpi, 1), options.dpi.default);
    const colorSpace = bind('colorSpace', select(options.colorSpace.values.map((c) => [c, c.toUpperCase()]),
        options.colorSpace.default), options.colorSpace.default);
    const margin = bind('margin', numberInput(options.margin, 1), options.margin.default);
    const errorCorrection = bind('errorCorrection', select(choices(options.errorCorrection,
        `Automatic (${options.errorCorrection.default}; ${options.errorCorrection.description})`), ''), '');

    const form = h('form', {class: 'stack designer-controls', novalidate: true, 'aria-label': 'Design'},
        h('fieldset', {}, h('legend', {text: 'Content'}),
            h('div', {class: 'stack'},
                field('Content type', content.picker, 'A form per kind of content, or the data as you type it.'),
                field('Data to encode', data, 'A URL, text, a vCard… what scanning the code gives.'),
                content.forms,
                h('div', {class: 'fields'}, field('Title', title, 'Shown in your list; not in the code.'),
                    field('Tags', tags, 'Separated by commas.')))),
        h('fieldset', {}, h('legend', {text: 'Body and colours'}),
            h('div', {class: 'fields'}, field('Body style', bodyStyle), field('Foreground colour', foreground),
                fieldWith('Background colour', background, transparent.el))),
        h('fieldset', {}, h('legend', {text: 'Gradient'}),
            h('div', {class: 'fields'}, field('Gradient', gradientType), field('Second colour', gradientColor2),
                rotation.el, h('div', {class: 'field'}, onEyes.el))),
        h('fieldset', {}, h('legend', {text: 'Eyes'}),
            h('div', {class: 'stack'},
                h('div', {class: 'fields'}, field('Eye frame style', eyeFrameStyle),
                    field('Eye ball style', eyeBallStyle), eyeFrameColor.el, eyeBallColor.el),
                eachEye.el, eyeGroups)),
        h('fieldset', {}, h('legend', {text: 'Logo'}),
            h('div', {class: 'stack'},
                h('div', {class: 'row'}, field('Logo image', logoFile, logoHint(design.logo)),
                    logoName, removeLogo),
                h('div', {class: 'fields'}, logoSize.el, field('Logo margin (modules)', logoMargin),
                    h('div', {class: 'field'}, clearModules.el)))),
        h('fieldset', {}, h('legend', {text: 'Frame with a call to action'}),
            h('div', {class: 'fields'}, field('Frame', frameStyle), field('Caption', caption,
                `At most ${captionOption.max} characters; empty for none.`), captionColour.el, frameColour.el)),
        h('fieldset', {}, h('legend', {text: 'Output'}),
            h('div', {class: 'fields'}, field('Format', format), field('Unit', unit), field('Size', size),
                field('Resolution (dpi)', dpi, 'For PNG, JPEG and WebP at a size in mm or inches.'),
                field('Colour space', colorSpace, 'CMYK for PDF and EPS.'),
                field('Quiet zone (modules)', margin), field('Error correction', errorCorrection))));

    // The preview and its verdict
    const image = h('img', {class: 'preview', alt: 'Preview of the code', hidden: true});
    const placeholder = h('p', {class: 'muted', text: 'Type the data to encode to see your code.'});
    const status = statusLine();
    const save = h('button', {type: 'button', text: 'Save'});
    const downloads = menuButton(['Download', h('span', {'aria-hidden': 'true', text: ' ▾'})],
        options.formats.map((f) => ({label: f.toUpperCase(), ariaLabel: `Download ${f.toUpperCase()}`,
            onSelect: () => downloadAs(f)})),
        {'aria-label': 'Download', class: 'secondary menu-button download-menu'});
    const saved = h('p', {class: 'saved', role: 'status', hidden: true});
    // The score and status are announced when they change; the status line is left for errors and actions.
    const verdict = verdictView({announce: true});
    verdict.element.hidden = true;
    // The verdict sits by the image it judges, before the buttons that keep or download it.
    const pane = h('section', {class: 'card preview-pane', 'aria-label': 'Preview', dataset: {state: 'empty'}},
        h('h2', {text: 'Preview'}), placeholder, image,
        h('div', {class: 'preview-side stack'}, verdict.element, h('div', {class: 'row preview-actions'}, save,
            downloads), saved, status));

    if (restyled) {
        root.append(h('h1', {text: `Restyle “${restyled.title || restyled.shortUrl}”`}),
            h('p', {class: 'muted', text: 'Saving redraws this dynamic code; its short link, and so every printed '
                + 'copy, stays the same.'}));
        // The data is the short link, and title and tags are the dynamic code's own (its page edits them).
        data.readOnly = true;
        content.picker.closest('.field').hidden = true;
        for (const control of [title, tags]) control.closest('.field').hidden = true;
    } else {
        root.append(h('h1', {text: original ? `New code from “${original.title || original.data}”` : 'Design a code'}));
        if (original) {
            root.append(h('p', {class: 'muted', text: 'Saving creates a new code; the original stays as it is.'}));
        }
    }
    const templates = templatesPanel({use: startFrom, design: () => request().design,
        onDesignError: (error) => report(error, true)});
    root.append(h('div', {class: 'split designer'}, form, pane), templates.element);

    /** Enables only the controls whose option applies, so that request() leaves the others out. */
    function sync() {
        background.disabled = transparent.input.checked;
        gradientColor2.disabled = gradientType.value === '';
        onEyes.input.disabled = gradientType.value === '';
        rotation.input.disabled = gradientType.value !== 'linear';
        // A colour that follows another shows it, so that choosing one of its own starts from there; all eyes'
        // pickers come first in the list, so each eye's follow them as they are now.
        for (const picker of colourPickers) {
            picker.colour.disabled = picker.same.checked;
            if (picker.same.checked) picker.colour.value = picker.source.value;
        }
        const framed = frameStyle.value !== 'none';
        caption.disabled = !framed;
        for (const picker of framePickers) {
            picker.same.disabled = !framed;
            picker.colour.disabled ||= !framed;
        }
        for (const group of eyeGroups) {
            group.hidden = !eachEye.input.checked;
            group.disabled = !eachEye.input.checked;
        }
        for (const control of [logoSize.input, logoMargin, clearModules.input]) control.disabled = !logo;
        content.sync();
        // Pixels per unit apply to pixels drawn to a physical size; CMYK only to the vector print formats.
        dpi.disabled = unit.value === 'px' || !RASTER_FORMATS.includes(format.value);
        colorSpace.disabled = !PRINT_FORMATS.includes(format.value);
        size.step = unit.value === 'px' ? 1 : 'any';
        size.min = unit.value === 'px' ? options.size.min : 0;
        size.max = unit.value === 'px' ? options.size.max : '';
        removeLogo.hidden = !logo;
        rotation.refresh();
        logoSize.refresh();
    }

    function request() {
        const body = {};
        for (const binding of bindings) {
            const value = binding.read();
            if (value !== undefined) setAt(body, binding.path, value);
        }
        return body;
    }

    function fill(record) {
        for (const binding of bindings) binding.write(valueAt(record, binding.path));
        title.value = record.title && !restyled ? `${record.title} (copy)`.slice(0, 200) : '';
        // A record names its error correction even when it was chosen automatically: keep it automatic unless the
        // original differs from what automatic gives (the default, or H with a logo: docs/api.md, POST /api/v1/qr).
        const automatic = record.design?.logo ? 'H' : options.errorCorrection.default;
        if (record.errorCorrection === automatic) errorCorrection.value = '';
    }

    /** Every design control as the template sets it, the others at their defaults; content and output stay. */
    function startFrom(template) {
        for (const binding of bindings) {
            if (binding.path.startsWith('design.')) binding.write(valueAt(template, binding.path));
        }
        changed();
    }

    function report(error, focus) {
        clearFieldErrors(form);
        status.say(error instanceof ApiError ? error.describe() : error.message, error);
        if (error instanceof ApiError && error.field) showFieldError(form, error.field, error.message, {focus});
    }

    // Live preview: every change marks the preview pending at once (data-state, which the tests wait on) and
    // outdates the answers still on their way, so "ready" is only ever said of a preview of every change made; the
    // request goes out once the changes pause.
    let latest = 0;
    let shown = null;
    let stopped = false;

    function pending() {
        latest++;
        pane.dataset.state = 'pending';
    }

    async function renderPreview() {
        if (stopped) return;
        const mine = ++latest;
        const body = request();
        if (!encodes(body)) {
            clearFieldErrors(form);
            status.say('');
            image.hidden = true;
            verdict.element.hidden = true;
            placeholder.hidden = false;
            pane.dataset.state = 'empty';
            return;
        }
        try {
            // A PDF or EPS is judged as itself, and shown through its SVG twin: the same shapes, which <img> shows.
            const [record, shownRecord] = await Promise.all([post('qr/preview', body),
                SHOWN_FORMATS.includes(body.format) ? null : post('qr/preview', forFormat(body, 'svg'))]);
            if (stopped || mine !== latest) return;
            clearFieldErrors(form);
            showPreview(record, shownRecord ?? record);
            pane.dataset.state = 'ready';
        } catch (error) {
            if (stopped || mine !== latest) return;
            report(error, false);
            pane.dataset.state = 'error';
        }
    }

    function showPreview(record, shownRecord) {
        if (shown) URL.revokeObjectURL(shown);
        shown = recordImageUrl(shownRecord);
        image.src = shown;
        image.hidden = false;
        placeholder.hidden = true;
        verdict.show(record.safety);
        verdict.element.hidden = false;
        status.say('');
    }

    const schedule = debounce(renderPreview, PREVIEW_DELAY_MS);

    function changed() {
        sync();
        saved.hidden = true;
        save.disabled = false;
        pending();
        schedule();
    }

    form.addEventListener('input', changed);
    form.addEventListener('change', (event) => {
        if (event.target !== logoFile) changed();
    });
    form.addEventListener('submit', (event) => event.preventDefault());
    logoFile.addEventListener('input', (event) => event.stopPropagation());
    logoFile.addEventListener('change', chooseLogo);
    removeLogo.addEventListener('click', () => {
        logo = undefined;
        logoFile.value = '';
        logoName.textContent = '';
        changed();
        logoFile.focus();
    });

    async function chooseLogo() {
        const file = logoFile.files[0];
        if (!file) return;
        // A file over the limit would push the request past the API's body limit, which answers without naming
        // the field; the API judges everything else (the format, the pixels).
        if (file.size > design.logo.max) {
            report(new ApiError(400, {field: 'design.logo', message: `${file.name} is ${count(file.size)} bytes;`
                + ` a logo is ${design.logo.description}`}), true);
            logoFile.value = '';
            return;
        }
        // Pending from the choice on, though reading the file takes a moment: the preview shown is not this one's.
        pending();
        try {
            logo = await dataUri(file);
            logoName.textContent = file.name;
            changed();
        } catch (error) {
            pane.dataset.state = 'error';
            report(error, true);
        }
    }

    /** The request, or null after saying that there is nothing to encode yet. */
    function completeRequest() {
        const body = request();
        if (encodes(body)) return body;
        report(content.typed() ? new ApiError(400, {field: 'content.type', message: 'Fill in the content first.'})
            : new ApiError(400, {field: 'data', message: 'Type the data to encode first.'}), true);
        return null;
    }

    async function saveCode() {
        const body = completeRequest();
        if (!body) return;
        // Disabled until the design changes again, so that a second click does not store the same code twice.
        save.disabled = true;
        if (restyled) {
            await restyle(body);
            return;
        }
        try {
            const record = await post('qr', body);
            clearFieldErrors(form);
            const listed = h('a', {href: `#/codes?q=${encodeURIComponent(record.data)}`, text: 'See it in your codes'});
            saved.replaceChildren(`Saved${record.title ? ` “${record.title}”` : ''}. `, listed);
            saved.hidden = false;
            status.say('');
            // The button just went disabled, which drops keyboard focus: it moves on to where people go next.
            listed.focus();
        } catch (error) {
            save.disabled = false;
            report(error, true);
        }
    }

    /** PATCH of the dynamic code's look: a merge patch, so a design option turned off is sent as null. */
    async function restyle(body) {
        const {format, size, margin, errorCorrection} = body;
        try {
            await patch(`dynamic/${encodeURIComponent(restyled.id)}`,
                {format, size, margin, errorCorrection, design: removals(original.design, body.design ?? {})});
            clearFieldErrors(form);
            const back = h('a', {href: `#/dynamic/${encodeURIComponent(restyled.id)}`, text: 'Back to the code'});
            saved.replaceChildren('Restyled; the short link is unchanged. ', back);
            saved.hidden = false;
            status.say('');
            back.focus();
        } catch (error) {
            save.disabled = false;
            report(error, true);
        }
    }

    async function downloadAs(f) {
        const body = completeRequest();
        if (!body) return;
        const name = downloadName(body.title, 'qr-code', f);
        try {
            await downloadRendering(body, f, name);
            status.say(`Downloaded ${name}.`);
        } catch (error) {
            report(error, true);
        }
    }

    save.addEventListener('click', saveCode);

    if (original) fill(original);
    sync();
    await Promise.all([renderPreview(), templates.refresh()]);

    return () => {
        stopped = true;
        if (shown) URL.revokeObjectURL(shown);
    };
}

/** The new design, with null for every member the old one had and the new one leaves out (merge patch removal). */
function removals(old, now) {
    const merged = {...now};
    for (const [key, value] of Object.entries(old ?? {})) {
        if (!(key in now)) merged[key] = null;
        else if (isObject(value) && isObject(now[key])) merged[key] = removals(value, now[key]);
    }
    return merged;
}

function isObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
