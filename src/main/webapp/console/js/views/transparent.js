// Codes on images: one code composited onto up to ten background images, each composite judged for scan safety on
// its own pixels. Files are checked here against the API's limits first, so a wrong file fails at once and by name.

import {post, recordBlob} from '../api.js';
import {dataUri, download, field, h, select, statusLine, uid} from '../dom.js';
import {clearFieldErrors, markFieldError} from '../forms.js';
import {designOptions} from '../qr-files.js';
import {verdictView} from '../safety.js';

const MAX_BACKGROUNDS = 10;
const MAX_IMAGE_BYTES = 10_000_000;
/** The API's body limit for this endpoint; images travel as base64, a third larger than the files. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const POSITIONS = [['top-left', 'Top left'], ['top-right', 'Top right'], ['center', 'Centre'],
    ['bottom-left', 'Bottom left'], ['bottom-right', 'Bottom right'], ['custom', 'At x, y (pixels)']];
const PLATE_DEFAULTS = {color: '#ffffff', opacity: 0.9};

export default async function render(main) {
    const options = await designOptions();
    const images = backgroundList();
    const results = h('div', {class: 'stack composites-out'},
        h('p', {class: 'muted', text: 'The composites appear here, each with its scan safety.'}));
    const controls = formControls(options);
    const status = statusLine();
    const submit = h('button', {type: 'submit', text: 'Place the code'});
    let resultUrls = [];
    let left = false;

    const form = h('form', {class: 'card stack', novalidate: true},
        h('h2', {text: 'Code and images'}),
        field('Content (URL or text)', controls.data),
        images.fieldset,
        placementFieldset(controls),
        designFieldset(controls),
        h('div', {class: 'row'}, submit),
        status);

    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        clearFieldErrors(form);
        const problem = localProblem(controls, images);
        if (problem) {
            fieldError(problem.control, problem.message, status, problem.message);
            return;
        }
        const files = images.files;
        submit.disabled = true;
        status.say(`Placing the code on ${files.length} ${files.length === 1 ? 'image' : 'images'}…`);
        try {
            const created = await post('qr/transparent', await requestBody(controls, files));
            if (left) return;
            resultUrls.forEach((u) => URL.revokeObjectURL(u));
            resultUrls = [];
            results.replaceChildren(...compositeViews(created, files, resultUrls));
            status.say(safetySummary(created.composites));
            // On a phone the results are below the long form: bring them to the reader.
            results.scrollIntoView({block: 'nearest'});
        } catch (error) {
            const control = error.field ? controlFor(error.field, controls, images) : null;
            if (control) fieldError(control, error.message, status, error.describe(), error);
            else status.say(error.describe?.() ?? error.message, error);
        } finally {
            submit.disabled = false;
        }
    });

    main.append(h('h1', {text: 'Codes on images'}), h('div', {class: 'split'}, form,
        h('section', {class: 'stack', 'aria-labelledby': 'composites-title'},
            h('h2', {id: 'composites-title', text: 'Composites'}), results)));
    return () => {
        left = true;
        images.clear();
        resultUrls.forEach((u) => URL.revokeObjectURL(u));
    };
}

function formControls(options) {
    const number = (name, attrs) => h('input', {type: 'number', name, inputmode: 'numeric', step: 1, ...attrs});
    return {
        data: h('input', {type: 'text', name: 'data', required: true, autocomplete: 'url',
            placeholder: 'https://example.com/poster'}),
        position: select(POSITIONS, 'bottom-right', {name: 'position'}),
        x: number('x', {min: 0, value: 0}),
        y: number('y', {min: 0, value: 0}),
        padding: number('padding', {min: 0, placeholder: '5 % of the shorter side'}),
        size: number('size', {min: options.size.min, max: options.size.max, value: options.size.default}),
        plate: h('input', {type: 'checkbox', name: 'plate', id: uid(), checked: true}),
        plateColor: h('input', {type: 'color', name: 'plateColor', value: PLATE_DEFAULTS.color}),
        plateOpacity: h('input', {type: 'range', name: 'plateOpacity', min: 0, max: 1, step: 0.05,
            value: PLATE_DEFAULTS.opacity}),
        plateRadius: number('plateRadius', {min: 0, placeholder: '8 % of the code'}),
        foreground: h('input', {type: 'color', name: 'foregroundColor',
            value: options.design.foregroundColor.default}),
        bodyStyle: select(options.design.bodyStyle.values, options.design.bodyStyle.default, {name: 'bodyStyle'}),
        errorCorrection: select(options.errorCorrection.values, 'M', {name: 'errorCorrection'}),
    };
}

function placementFieldset(c) {
    const xy = h('div', {class: 'fields'}, field('x (left edge)', c.x), field('y (top edge)', c.y));
    const padding = field('Distance from the edges (px)', c.padding);
    const opacity = field('Plate opacity', c.plateOpacity);
    const plateOptions = h('div', {class: 'fields'},
        field('Plate colour', c.plateColor), opacity, field('Corner radius (px)', c.plateRadius));
    const sync = () => {
        const custom = c.position.value === 'custom';
        xy.hidden = !custom;
        padding.hidden = custom || c.position.value === 'center';
        plateOptions.hidden = !c.plate.checked;
        opacity.querySelector('label').textContent = `Plate opacity: ${Math.round(c.plateOpacity.value * 100)} %`;
    };
    for (const control of [c.position, c.plate, c.plateOpacity]) {
        for (const event of ['input', 'change']) control.addEventListener(event, sync);
    }
    sync();
    return h('fieldset', {class: 'stack'}, h('legend', {text: 'Placement'}),
        h('div', {class: 'fields'}, field('Position', c.position),
            field('Code size (px)', c.size, 'Its edge on each image; shrunk to fit a smaller image.')),
        xy, padding,
        h('div', {class: 'check'}, c.plate, h('label', {for: c.plate.id,
            text: 'Light plate under the code (keeps it readable on busy or dark areas)'})),
        plateOptions);
}

function designFieldset(c) {
    return h('fieldset', {}, h('legend', {text: 'Design'}), h('div', {class: 'fields'},
        field('Foreground colour', c.foreground),
        field('Body style', c.bodyStyle),
        field('Error correction', c.errorCorrection)));
}

/** The chosen background files, with thumbnails; adding checks each file against the API's rules. */
function backgroundList() {
    const input = h('input', {type: 'file', name: 'backgrounds', multiple: true, accept: IMAGE_TYPES.join(',')});
    const list = h('ul', {class: 'backgrounds'});
    const note = statusLine();
    const entries = [];

    const redraw = () => {
        list.replaceChildren(...entries.map((entry, index) => {
            const remove = h('button', {type: 'button', class: 'secondary', text: 'Remove',
                'aria-label': `Remove ${entry.file.name}`});
            remove.addEventListener('click', () => {
                URL.revokeObjectURL(entry.url);
                entries.splice(index, 1);
                redraw();
                note.say(`Removed ${entry.file.name}.`);
                input.focus();
            });
            entry.row = h('li', {dataset: {index: String(index)}},
                entry.thumb, h('span', {class: 'bg-name'}, entry.file.name, h('br'),
                    h('small', {class: 'muted', text: describeFile(entry)})), remove);
            return entry.row;
        }));
    };

    input.addEventListener('change', () => {
        input.removeAttribute('aria-invalid');
        const refused = [];
        for (const file of input.files) {
            const why = fileProblem(file, entries.length);
            if (why) {
                refused.push(`${file.name}: ${why}`);
                continue;
            }
            const entry = {file, url: URL.createObjectURL(file), width: null, height: null};
            entry.thumb = h('img', {class: 'thumb', src: entry.url, alt: ''});
            entry.thumb.addEventListener('load', () => {
                entry.width = entry.thumb.naturalWidth;
                entry.height = entry.thumb.naturalHeight;
                redraw();
            }, {once: true});
            entries.push(entry);
        }
        // The input only picks; the list holds the choice, so picking again adds to it.
        input.value = '';
        redraw();
        if (refused.length) {
            input.setAttribute('aria-invalid', 'true');
            note.say(`Not added — ${refused.join('; ')}`, true);
        } else {
            note.say(`${entries.length} of ${MAX_BACKGROUNDS} images chosen.`);
        }
    });

    return {
        input,
        get files() {
            return entries.map((e) => e.file);
        },
        entry: (index) => entries[index],
        clear() {
            entries.forEach((e) => URL.revokeObjectURL(e.url));
        },
        fieldset: h('fieldset', {class: 'stack'}, h('legend', {text: 'Background images'}),
            field('Add images', input, `PNG or JPEG, up to ${MAX_BACKGROUNDS} images of at most 10 MB each.`),
            list, note),
    };
}

function fileProblem(file, chosen) {
    if (!IMAGE_TYPES.includes(file.type)) return 'not a PNG or JPEG image';
    if (file.size > MAX_IMAGE_BYTES) return `${fileSize(file.size)}, more than the 10 MB an image may be`;
    if (chosen >= MAX_BACKGROUNDS) return `at most ${MAX_BACKGROUNDS} images per request`;
    return null;
}

function describeFile(entry) {
    const size = entry.width ? `${entry.width}×${entry.height} px, ` : '';
    return `${size}${fileSize(entry.file.size)}`;
}

function megabytes(bytes) {
    return (bytes / 1_000_000).toFixed(1);
}

function fileSize(bytes) {
    return bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${megabytes(bytes)} MB`;
}

/** What is wrong before anything is sent: the API would refuse it the same way, only slower. */
function localProblem(c, images) {
    if (!c.data.value.trim()) return {control: c.data, message: 'Enter the content the code should carry.'};
    if (!images.files.length) return {control: images.input, message: 'Add at least one background image.'};
    const body = images.files.reduce((sum, file) => sum + Math.ceil(file.size / 3) * 4, 0);
    if (body > MAX_BODY_BYTES) {
        return {control: images.input, message: `Together the images are too large for one request (about ` +
                `${megabytes(body)} MB as sent; at most ${megabytes(MAX_BODY_BYTES)} MB). Remove some.`};
    }
    return null;
}

async function requestBody(c, files) {
    const placement = c.position.value === 'custom'
        ? {x: Number(c.x.value), y: Number(c.y.value)}
        : {position: c.position.value};
    if (c.position.value !== 'custom' && c.position.value !== 'center' && c.padding.value !== '') {
        placement.padding = Number(c.padding.value);
    }
    if (c.plate.checked) {
        placement.plate = {color: c.plateColor.value, opacity: Number(c.plateOpacity.value)};
        if (c.plateRadius.value !== '') placement.plate.radius = Number(c.plateRadius.value);
    }
    return {
        data: c.data.value.trim(),
        size: Number(c.size.value),
        errorCorrection: c.errorCorrection.value,
        design: {foregroundColor: c.foreground.value, bodyStyle: c.bodyStyle.value},
        placement,
        backgrounds: await Promise.all(files.map(async (file) => ({image: await dataUri(file)}))),
    };
}

/** The control an API error's field names, e.g. `placement.plate.opacity` or `backgrounds[2].image`. */
function controlFor(name, c, images) {
    const background = /^backgrounds\[(\d+)]/.exec(name);
    if (background) return images.entry(Number(background[1]))?.row ?? images.input;
    return {
        data: c.data, size: c.size, errorCorrection: c.errorCorrection, backgrounds: images.input,
        'design.foregroundColor': c.foreground, 'design.bodyStyle': c.bodyStyle,
        'placement.position': c.position, 'placement.x': c.x, 'placement.y': c.y, 'placement.width': c.size,
        'placement.padding': c.padding, 'placement.plate.color': c.plateColor,
        'placement.plate.opacity': c.plateOpacity, 'placement.plate.radius': c.plateRadius,
    }[name] ?? null;
}

/**
 * Shows a message at the control it concerns (or at a background image's row) and moves there; the status line says
 * it in full, with the API's request id (if any) under Details, for support.
 */
function fieldError(control, message, status, fullMessage, error = true) {
    status.say(fullMessage, error);
    markFieldError(control, message);
}

function compositeViews(created, files, urls) {
    const saved = h('p', {class: 'muted'}, 'The code is saved as ', h('code', {text: created.id}), '.');
    return [saved, h('div', {class: 'composites'}, created.composites.map((composite) => {
        const file = files[composite.index];
        const name = file ? file.name : `image ${composite.index + 1}`;
        const blob = recordBlob(composite);
        const url = URL.createObjectURL(blob);
        urls.push(url);
        const downloadName = `${name.replace(/\.[^.]+$/, '')}-qr.png`;
        return h('figure', {class: 'card composite', dataset: {index: String(composite.index)}},
            h('img', {src: url, alt: `The code on ${name}`, width: composite.width, height: composite.height}),
            h('figcaption', {class: 'stack'},
                h('p', {}, h('strong', {text: name}), ` · ${composite.width}×${composite.height} px`),
                safetyView(composite.safety),
                h('button', {type: 'button', class: 'secondary', text: 'Download PNG',
                    'aria-label': `Download ${downloadName}`, on: {click: () => download(blob, downloadName)}})));
    }))];
}

function safetyView(safety) {
    const verdict = verdictView();
    verdict.show(safety);
    return verdict.element;
}

function safetySummary(composites) {
    const risky = composites.filter((c) => c.safety.status === 'RISKY').length;
    const made = `${composites.length} ${composites.length === 1 ? 'composite' : 'composites'} ready`;
    return risky ? `${made}; ${risky} risky to scan — see the warnings.` : `${made}.`;
}
