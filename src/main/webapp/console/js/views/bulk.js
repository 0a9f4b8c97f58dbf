// Bulk generation: a CSV or JSON request (chosen as a file or pasted) becomes one job of up to 200 codes, static or
// dynamic; the view follows each job of this tab until it finishes and offers its ZIP. The API takes no defaults with
// CSV, so format and size are columns. Static and dynamic jobs are followed and fetched at the same endpoints.

import {get, post} from '../api.js';
import {designOptions} from '../qr-files.js';
import {count, download, field, h, statusLine, when} from '../dom.js';

const JOBS_STORAGE = 'qrforge.console.bulkJobs';
/** Jobs remembered per tab: enough to come back to this session's work, few enough to poll. */
const REMEMBERED_JOBS = 10;
/** The API's body limit (2 MiB): a bigger file is refused there anyway, so say so before uploading it. */
const MAX_CSV_BYTES = 2 * 1024 * 1024;
const MAX_ROWS = 200;
const POLL_MILLIS = 1000;

const ITEM_COLUMNS = ['data', 'filename', 'format', 'size', 'unit', 'dpi', 'colorSpace', 'margin', 'errorCorrection'];
// A design template's id first: the other design columns override what it sets.
const DESIGN_COLUMNS = ['template', 'bodyStyle', 'foregroundColor', 'backgroundColor', 'gradientType',
    'gradientColor2', 'gradientRotation', 'gradientOnEyes', 'eyeFrameStyle', 'eyeBallStyle', 'eyeFrameColor',
    'eyeBallColor', 'logo', 'logoSize', 'logoMargin', 'logoClearModules', 'frame.style', 'frame.text',
    'frame.textColor', 'frame.frameColor'];
const EXAMPLE_CSV = [
    'data,filename,format,size,foregroundColor',
    'https://example.com/menu,menu,png,600,#1a237e',
    'https://example.com/wifi,wifi,svg,,',
    '"https://example.com/search?q=a,b",search,,,',
].join('\n') + '\n';
// A dynamic row: its short link redirects to destinationUrl, which can be changed after printing.
const DYNAMIC_COLUMNS = ['destinationUrl', 'shortCode', 'title', 'tags', 'status', 'validFrom', 'expiresAt',
    'maxScans', 'expiredUrl', 'rules', 'utm.source', 'utm.medium', 'utm.campaign', 'utm.term', 'utm.content',
    'domain', 'campaign'];
const EXAMPLE_DYNAMIC_CSV = [
    'destinationUrl,shortCode,title,tags,utm.source,filename,format',
    'https://example.com/menu?t=1,table-1,Table 1,tents|spring,tent,table-1,png',
    'https://example.com/menu?t=2,,Table 2,tents,,,svg',
].join('\n') + '\n';
/** What each kind of job takes and where it is sent. */
const KINDS = {
    static: {endpoint: 'qr/bulk', example: EXAMPLE_CSV, label: 'Static codes'},
    dynamic: {endpoint: 'dynamic/bulk', example: EXAMPLE_DYNAMIC_CSV, label: 'Dynamic codes'},
};

export default async function render(main) {
    const {formats} = await designOptions();
    const watcher = jobWatcher();
    const jobList = h('div', {class: 'stack bulk-jobs'});
    const noJobs = h('p', {class: 'muted', text: 'No bulk jobs in this tab yet.'});

    const show = (job) => {
        const card = jobCard(job, () => {
            watcher.forget(job.jobId);
            forgetJob(job.jobId);
            card.remove();
            noJobs.hidden = jobList.childElementCount > 0;
        });
        jobList.prepend(card);
        noJobs.hidden = true;
        watcher.watch(job.jobId, card.update);
    };

    main.append(h('h1', {text: 'Bulk generation'}), h('div', {class: 'split'},
        uploadForm(formats, (accepted) => {
            rememberJob(accepted);
            show(accepted);
        }),
        h('section', {class: 'stack', 'aria-labelledby': 'bulk-jobs-title'},
            h('h2', {id: 'bulk-jobs-title', text: 'Jobs'}), noJobs, jobList)));
    for (const job of rememberedJobs().reverse()) show(job);
    return watcher.stop;
}

function uploadForm(formats, onAccepted) {
    const file = h('input', {type: 'file', name: 'csvFile',
        accept: '.csv,.json,text/csv,application/json,text/plain'});
    const text = h('textarea', {name: 'csv', rows: 8, spellcheck: 'false', class: 'csv-text',
        placeholder: EXAMPLE_CSV});
    const kindChoice = h('fieldset', {class: 'checks'}, h('legend', {text: 'Codes to make'}),
        Object.entries(KINDS).map(([kind, {label}]) => h('label', {},
            h('input', {type: 'radio', name: 'kind', value: kind, checked: kind === 'static'}), ` ${label}`)));
    const kind = () => kindChoice.querySelector('input:checked').value;
    const help = h('div');
    const showHelp = () => {
        text.placeholder = KINDS[kind()].example;
        help.replaceChildren(kind() === 'dynamic' ? dynamicCsvHelp() : csvHelp(formats));
    };
    kindChoice.addEventListener('change', showHelp);
    showHelp();
    const submit = h('button', {type: 'submit', text: 'Generate codes'});
    const status = statusLine();
    let source = null;

    file.addEventListener('change', async () => {
        const chosen = file.files[0];
        if (!chosen) return;
        if (chosen.size > MAX_CSV_BYTES) {
            invalid(file, status, `${chosen.name} is larger than the 2 MiB a bulk request may be; split it.`);
            return;
        }
        // The file's text goes into the box, so what is sent can be seen and corrected in place.
        text.value = await chosen.text();
        source = chosen.name;
        valid(file, text);
        const rows = itemCount(text.value);
        status.say(isJson(text.value)
            ? `Read ${chosen.name}: JSON with ${count(rows)} ${rows === 1 ? 'item' : 'items'}.`
            : `Read ${chosen.name}: ${count(rows)} ${rows === 1 ? 'row' : 'rows'} after the header.`);
    });
    text.addEventListener('input', () => {
        valid(file, text);
        if (source && !source.endsWith(' (edited)')) source += ' (edited)';
    });

    const form = h('form', {class: 'card stack', novalidate: true},
        h('h2', {text: 'New job'}),
        kindChoice,
        field('CSV or JSON file', file,
            'CSV: a header row, then one code per row; JSON: the API\'s {"items": […]}; up to 200 codes.'),
        field('…or paste the CSV or JSON', text),
        h('div', {class: 'row'}, submit),
        status,
        help);
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        valid(file, text);
        const csv = text.value;
        if (!csv.trim()) {
            invalid(text, status, 'Choose a CSV or JSON file, or paste CSV or JSON first.');
            return;
        }
        const json = isJson(csv);
        const rows = itemCount(csv);
        if (rows > MAX_ROWS) {
            invalid(text, status, `The request has ${count(rows)} codes; a job takes at most ${MAX_ROWS}. Split it.`);
            return;
        }
        submit.disabled = true;
        status.say('Sending…');
        try {
            const accepted = await post(KINDS[kind()].endpoint, csv,
                {contentType: json ? 'application/json' : 'text/csv'});
            status.say(`Job ${accepted.jobId} started: ${count(accepted.total)} ${accepted.kind} codes.`);
            onAccepted({jobId: accepted.jobId, kind: accepted.kind, total: accepted.total,
                source: source ?? (json ? 'Pasted JSON' : 'Pasted CSV'), createdAt: new Date().toISOString()});
        } catch (error) {
            invalid(text, status, describeCsvError(error, csv), error);
            selectRow(text, error.field, csv);
        } finally {
            submit.disabled = false;
        }
    });
    return form;
}

function csvHelp(formats) {
    return columnsHelp(EXAMPLE_CSV, 'qrforge-bulk-example.csv',
        h('p', {}, 'Required: ', h('code', {text: 'data'}),
            ' (the URL or text). An empty cell means “not given”, and the service default applies: SVG, 300 px, ' +
            'error correction M, black on white. Files are named 001.svg, 002.png, … unless a filename is given.'),
        h('p', {}, 'Instead of ', h('code', {text: 'data'}), ', typed content: ', h('code', {text: 'content.type'}),
            ' (url, vcard, wifi, epc…) and its fields as ', h('code', {text: 'content.ssid'}), ', ',
            h('code', {text: 'content.iban'}), '…, named as in the API.'),
        h('p', {}, 'Formats: ', columns(formats)),
        h('p', {}, 'Per code: ', columns(ITEM_COLUMNS.slice(1))),
        h('p', {}, 'Design: ', columns(DESIGN_COLUMNS),
            ' — the values of the designer; a logo is best the sha256: reference of one uploaded before.'));
}

function dynamicCsvHelp() {
    return columnsHelp(EXAMPLE_DYNAMIC_CSV, 'qrforge-dynamic-bulk-example.csv',
        h('p', {}, 'Required: ', h('code', {text: 'destinationUrl'}),
            ' — where the code\'s short link sends scans; change it any time after printing. Each row is the body of ' +
            'a new dynamic code; no passwords in bulk (set one per code afterwards).'),
        h('p', {}, 'Per code: ', columns(DYNAMIC_COLUMNS.slice(1)),
            ' — tags separated by |, rules as the API\'s JSON in a quoted cell.'),
        h('p', {}, 'Look: ', columns([...ITEM_COLUMNS.slice(1), ...DESIGN_COLUMNS])));
}

/** The columns a kind of job takes, folded away, with its example file. */
function columnsHelp(example, filename, ...paragraphs) {
    return h('details', {class: 'csv-help'},
        h('summary', {text: 'Columns the CSV may have'}),
        ...paragraphs,
        h('button', {type: 'button', class: 'secondary', text: 'Download an example CSV',
            on: {click: () => download(new Blob([example], {type: 'text/csv'}), filename)}}));
}

function columns(names) {
    return names.map((name) => [h('code', {text: name}), ' ']);
}

/** A JSON request ({"items": […]}) rather than CSV: JSON starts with a brace, a CSV header never does. */
function isJson(text) {
    return text.trimStart().startsWith('{');
}

/** The number of codes in a request, as the API counts them; unreadable JSON is the API's to explain. */
function itemCount(text) {
    if (!isJson(text)) return csvRows(text).length;
    try {
        const items = JSON.parse(text).items;
        return Array.isArray(items) ? items.length : 0;
    } catch (unparsable) {
        return 0;
    }
}

function invalid(control, status, message, error = true) {
    control.setAttribute('aria-invalid', 'true');
    status.say(message, error);
}

function valid(...controls) {
    for (const control of controls) control.removeAttribute('aria-invalid');
}

/**
 * Where each data row of a CSV lies in the text, as the API counts rows: quoted line breaks stay inside their row,
 * blank lines are skipped, and the header row is not counted.
 */
function csvRows(text) {
    const rows = [];
    let start = 0;
    let quoted = false;
    for (let i = 0; i <= text.length; i++) {
        if (text[i] === '"') quoted = !quoted;
        else if (i === text.length || (text[i] === '\n' && !quoted)) {
            const end = text[i - 1] === '\r' ? i - 1 : i;
            if (text.slice(start, end).trim()) rows.push({start, end});
            start = i + 1;
        }
    }
    return rows.slice(1);
}

/** `items[3].data` → 3; null for errors about the whole CSV (its header, its size). */
function rowIndex(field) {
    const match = /^items\[(\d+)]/.exec(field ?? '');
    return match ? Number(match[1]) : null;
}

/** The API's error in the CSV's terms: which row (and line of the text) it is about. */
function describeCsvError(error, csv) {
    if (typeof error.describe !== 'function') return error.message ?? String(error);
    const index = rowIndex(error.field);
    if (index === null) return error.describe();
    if (isJson(csv)) return `Item ${index + 1}: ${error.describe()}`;
    const row = csvRows(csv)[index];
    const line = row ? `, line ${csv.slice(0, row.start).split('\n').length}` : '';
    return `Row ${index + 1}${line}: ${error.describe()}`;
}

/** Selects the row an error is about in the text box, so it can be fixed right there. */
function selectRow(text, field, csv) {
    const index = rowIndex(field);
    const row = index === null || isJson(csv) ? null : csvRows(csv)[index];
    if (!row) return;
    text.focus();
    text.setSelectionRange(row.start, row.end);
}

/** One job: its progress while it runs, then its results and the ZIP. update(view) takes the API's job view. */
function jobCard(job, onForget) {
    const badge = h('span', {class: 'badge', text: 'STARTED'});
    const progress = h('progress', {max: job.total || 1, value: 0, 'aria-label': `Progress of job ${job.jobId}`});
    const counts = h('p', {class: 'muted', text: `0 of ${count(job.total)} done`});
    const status = statusLine();
    const errors = h('ul', {class: 'warnings', hidden: true});
    const results = h('div');
    const zip = h('button', {type: 'button', text: 'Download ZIP', disabled: true, class: 'download-zip'});
    const card = h('article', {class: 'card stack bulk-job', dataset: {jobId: job.jobId, kind: job.kind ?? 'static'}},
        h('h3', {}, `${job.source ?? 'CSV'} `, job.kind === 'dynamic' ? h('span', {class: 'badge', text: 'dynamic'}) : '',
            badge),
        h('p', {class: 'muted'}, 'Job ', h('code', {class: 'job-id', text: job.jobId}),
            `, started ${when(job.createdAt)}`),
        progress, counts, status, errors, results,
        h('div', {class: 'row'}, zip,
            h('button', {type: 'button', class: 'secondary', text: 'Remove from list', on: {click: onForget}})));
    status.say('Waiting for the job…');

    zip.addEventListener('click', async () => {
        zip.disabled = true;
        status.say('Preparing the ZIP…');
        try {
            const blob = await get(`qr/bulk/${encodeURIComponent(job.jobId)}/archive`,
                {accept: 'application/zip', as: 'blob'});
            download(blob, `${job.jobId}.zip`);
            status.say(`Downloaded ${job.jobId}.zip.`);
        } catch (error) {
            status.say(error.describe?.() ?? error.message, error);
        } finally {
            zip.disabled = false;
        }
    });

    let said = null;
    card.update = (view, failure) => {
        if (failure) {
            status.say(`Cannot follow this job: ${failure.describe?.() ?? failure.message}`, failure);
            said = null;
            return false;
        }
        const done = view.succeeded + view.failed;
        const finished = view.status !== 'STARTED';
        progress.max = view.total || 1;
        progress.value = finished ? progress.max : done;
        badge.textContent = view.status;
        badge.className = `badge ${view.status === 'COMPLETED' ? 'OPTIMAL' : view.status === 'FAILED' ? 'RISKY' : ''}`;
        counts.textContent = `${count(done)} of ${count(view.total)} done` +
            (view.failed ? `, ${count(view.failed)} failed` : '') +
            (view.finishedAt ? ` · finished ${when(view.finishedAt)}` : '');
        errors.replaceChildren(...(view.errors ?? []).map((e) =>
            h('li', {text: `Row ${e.index + 1}: ${e.message}${e.field ? ` (${e.field})` : ''}`})));
        errors.hidden = errors.childElementCount === 0;
        // Announced once per state, not per poll: a screen reader should not read every tick of the count.
        const message = finished ? finishedMessage(view) : 'Generating codes…';
        if (message !== said) {
            status.say(message, view.status === 'FAILED');
            said = message;
        }
        if (finished) {
            zip.disabled = false;
            results.replaceChildren(resultsTable(view.results ?? []));
        }
        return finished;
    };
    return card;
}

function finishedMessage(view) {
    const failed = view.failed ? `, ${count(view.failed)} failed` : '';
    return view.status === 'FAILED'
        ? `The job failed: ${count(view.succeeded)} codes generated${failed}.`
        : `Finished: ${count(view.succeeded)} codes generated${failed}. The ZIP is ready.`;
}

/** A dynamic job's codes are their short links: what was printed, and what the dynamic view manages. */
function resultsTable(results) {
    if (!results.length) return h('p', {class: 'muted', text: 'No codes were generated.'});
    const dynamic = results.some((r) => r.shortUrl);
    return h('details', {},
        h('summary', {text: `Codes (${count(results.length)})`}),
        h('div', {class: 'table-wrap'}, h('table', {},
            h('thead', {}, h('tr', {},
                h('th', {scope: 'col', class: 'num', text: 'Row'}),
                h('th', {scope: 'col', text: 'File'}),
                h('th', {scope: 'col', text: dynamic ? 'Short link' : 'Code'}),
                h('th', {scope: 'col', text: 'Safety'}))),
            h('tbody', {}, results.map((r) => h('tr', {},
                h('td', {class: 'num', text: String(r.index + 1)}),
                h('td', {text: r.filename}),
                h('td', {}, dynamic
                    ? h('a', {href: `#dynamic/${encodeURIComponent(r.id)}`, class: 'short-link', text: r.shortUrl})
                    : h('code', {text: r.id})),
                h('td', {}, r.safety
                    ? h('span', {class: `badge ${r.safety.status}`, text: `${r.safety.score} ${r.safety.status}`})
                    : '—')))))));
}

/** Polls every unfinished job, one request each per round, until it finishes or the view is left. */
function jobWatcher() {
    const watched = new Map();
    let timer = null;
    let stopped = false;

    async function round() {
        timer = null;
        await Promise.all([...watched].map(async ([jobId, update]) => {
            try {
                const view = await get(`qr/bulk/${encodeURIComponent(jobId)}`);
                if (!stopped && update(view)) watched.delete(jobId);
            } catch (error) {
                if (!stopped) update(null, error);
                // A job this credential cannot see (another workspace's, or gone) will not appear by asking again;
                // a spent rate limit, an unavailable server or a dropped connection may well pass.
                if (error.status >= 400 && error.status < 500 && error.status !== 429) watched.delete(jobId);
            }
        }));
        if (!stopped && watched.size && !timer) timer = setTimeout(round, POLL_MILLIS);
    }

    return {
        watch(jobId, update) {
            const idle = watched.size === 0;
            watched.set(jobId, update);
            if (idle && !timer && !stopped) round();
        },
        forget(jobId) {
            watched.delete(jobId);
        },
        stop() {
            stopped = true;
            clearTimeout(timer);
        },
    };
}

function rememberedJobs() {
    try {
        const jobs = JSON.parse(sessionStorage.getItem(JOBS_STORAGE) ?? '[]');
        return Array.isArray(jobs) ? jobs : [];
    } catch (unreadable) {
        return [];
    }
}

function rememberJob(job) {
    saveJobs([job, ...rememberedJobs().filter((j) => j.jobId !== job.jobId)].slice(0, REMEMBERED_JOBS));
}

function forgetJob(jobId) {
    saveJobs(rememberedJobs().filter((j) => j.jobId !== jobId));
}

function saveJobs(jobs) {
    sessionStorage.setItem(JOBS_STORAGE, JSON.stringify(jobs));
}
