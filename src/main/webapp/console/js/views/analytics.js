// Scan analytics of the whole workspace (#/analytics), of a campaign's codes (#/analytics?campaign=<id>) or of one
// dynamic code (#/analytics/<id>, a dyn_… or its QR record's id): when people scanned, where, on what, which way the
// routing sent them, and a CSV export. The range and granularity are kept in the address (replaced, not pushed, so
// Back leaves the page rather than undoing a picker), so a reload or a shared link shows the same figures.

import {get} from '../api.js';
import {campaignSelect} from '../campaigns.js';
import {breakdownConfig, breakdownHeight, ChartSet, describeSlices, share, slices, timelineConfig} from '../charts.js';
import {breakable, count, download, field, h, select, statusLine} from '../dom.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Presets as Dub and Uniqode offer them, with how far back each reaches. */
const RANGES = [
    ['24h', 'Last 24 hours', DAY],
    ['7d', 'Last 7 days', 7 * DAY],
    ['30d', 'Last 30 days', 30 * DAY],
    ['90d', 'Last 90 days', 90 * DAY],
    ['custom', 'Custom dates', null],
];
/** The API's own default range, so the plain address and the API agree. */
const DEFAULT_RANGE = '30d';
/** "Automatic" leaves the choice to the API (hourly up to 2 days, daily up to 92, then weekly, monthly). */
const GRANULARITIES = [['', 'Automatic'], ['hour', 'Hourly'], ['day', 'Daily'], ['week', 'Weekly'],
    ['month', 'Monthly']];
/** How many of the workspace's newest codes the code picker offers; older ones are reached from their page. */
const PICKER_CODES = 100;
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const BUCKET_FORMATS = {
    hour: {month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit'},
    day: {month: 'short', day: 'numeric'},
    week: {month: 'short', day: 'numeric'},
    month: {month: 'short', year: 'numeric'},
};

export default async function render(main, route) {
    const id = route.id;
    // A campaign's figures read like the workspace's (top codes, destinations by URL), over its codes only.
    const campaign = id ? null : route.query.get('campaign');
    const state = initialState(route.query);
    const charts = new ChartSet();
    const status = statusLine();
    const results = h('div', {class: 'stack'});
    const about = h('div', {class: 'analytics-about'});
    let shown = null;
    let inFlight = null;

    const codePicker = select([['', 'Whole workspace']], '', {name: 'code'});
    const campaignPicker = campaignSelect([['', 'Whole workspace']], campaign ?? '', {name: 'campaign'},
        (error) => status.say(failureText(error), error));
    const rangePicker = select(RANGES.map(([value, label]) => [value, label]), state.range, {name: 'range'});
    const fromInput = h('input', {type: 'date', name: 'from', value: state.from});
    const toInput = h('input', {type: 'date', name: 'to', value: state.to});
    const customDates = h('div', {class: 'analytics-dates', hidden: state.range !== 'custom'},
        field('From', fromInput), field('To', toInput));
    const granularityPicker = select(GRANULARITIES, state.granularity, {name: 'granularity'});
    const exportButton = h('button', {type: 'button', class: 'secondary', disabled: true,
        text: id ? 'Export scans (CSV)' : 'Export figures (CSV)'});

    codePicker.addEventListener('change', () => {
        location.hash = address(codePicker.value || null, state);
    });
    campaignPicker.addEventListener('change', () => {
        location.hash = address(null, state, campaignPicker.value || null);
    });
    rangePicker.addEventListener('change', () => {
        if (rangePicker.value === 'custom' && state.range !== 'custom') {
            // Start the custom range where the preset was, so the figures do not jump.
            const {from, to} = span(state);
            fromInput.value = isoDate(from);
            toInput.value = isoDate(to);
        }
        state.range = rangePicker.value;
        customDates.hidden = state.range !== 'custom';
        changed();
    });
    for (const input of [fromInput, toInput]) input.addEventListener('change', changed);
    granularityPicker.addEventListener('change', changed);
    exportButton.addEventListener('click',
        () => exportCsv().catch((error) => status.say(failureText(error), error)));

    main.append(h('section', {class: 'analytics stack'},
        h('h1', {text: id ? 'Code analytics' : campaign ? 'Campaign analytics' : 'Workspace analytics'}),
        about,
        h('div', {class: 'toolbar'},
            field('Campaign', campaignPicker),
            field('Code', codePicker),
            field('Range', rangePicker),
            customDates,
            field('Granularity', granularityPicker),
            exportButton),
        status,
        results));

    fillCodePicker().catch((error) => status.say(failureText(error), error));
    if (campaign) {
        about.replaceChildren(h('p', {class: 'muted'}, 'The codes in the campaign now, each with its whole history. ',
            h('a', {href: `#/dynamic?campaign=${encodeURIComponent(campaign)}`, text: 'See its codes'})));
    }
    load();

    function changed() {
        state.from = fromInput.value;
        state.to = toInput.value;
        state.granularity = granularityPicker.value;
        history.replaceState(null, '', address(id, state, campaign));
        load();
    }

    async function load() {
        inFlight?.abort();
        const mine = new AbortController();
        inFlight = mine;
        const range = span(state);
        if (!range) {
            status.say('Choose a start date on or before the end date.', true);
            return;
        }
        exportButton.disabled = true;
        status.say('Loading…');
        try {
            const data = await get(`${base()}analytics?${query(range, state.granularity)}`, {signal: mine.signal});
            if (inFlight !== mine) return;
            charts.destroy();
            results.replaceChildren(...report(data, charts, id, campaign));
            shown = {data, range};
            exportButton.disabled = false;
            status.say(headline(data));
        } catch (error) {
            if (mine.signal.aborted) return;
            charts.destroy();
            results.replaceChildren();
            shown = null;
            status.say(failureText(error), error);
        }
    }

    function base() {
        if (id) return `qr/${encodeURIComponent(id)}/`;
        return campaign ? `campaigns/${encodeURIComponent(campaign)}/` : '';
    }

    async function fillCodePicker() {
        const page = await get(`dynamic?limit=${PICKER_CODES}`);
        const codes = page.items;
        let current = id ? codes.find((code) => code.id === id || code.qr?.id === id) : null;
        if (id && !current && id.startsWith('dyn_')) {
            // Older than the picker's page; a code that is gone is reported by the figures' own request.
            current = await get(`dynamic/${encodeURIComponent(id)}`).catch(() => null);
        }
        const listed = current && !codes.some((code) => code.id === current.id) ? [current, ...codes] : codes;
        const options = [['', 'Whole workspace'], ...listed.map((code) => [code.id, codeName(code)])];
        if (id && !current) options.push([id, id]);
        codePicker.replaceChildren(...select(options).children);
        codePicker.value = current?.id ?? id ?? '';
        if (current) about.replaceChildren(describeCode(current));
    }

    async function exportCsv() {
        if (!shown) return;
        const {data, range} = shown;
        const dates = `${isoDate(range.from)}-to-${isoDate(range.to)}`;
        if (id) {
            status.say('Preparing the export…');
            // The export takes the range alone: its rows carry instants, not a time zone's buckets.
            const span = new URLSearchParams({from: range.from.toISOString(), to: range.to.toISOString()});
            const blob = await get(`${base()}scans?${span}`, {accept: 'text/csv', as: 'blob'});
            download(blob, `qrforge-scans-${id}-${dates}.csv`);
        } else {
            download(new Blob([figuresCsv(data)], {type: 'text/csv'}),
                `qrforge-${campaign ? `campaign-${campaign}` : 'workspace'}-analytics-${dates}.csv`);
        }
        status.say('Export downloaded.');
    }

    return () => {
        inFlight?.abort();
        charts.destroy();
    };
}

/** The pickers' state from the address: `range` (a preset or `custom` with `from`/`to` dates), `granularity`. */
function initialState(params) {
    const range = RANGES.some(([value]) => value === params.get('range')) ? params.get('range') : DEFAULT_RANGE;
    const granularity = GRANULARITIES.some(([value]) => value === params.get('granularity'))
        ? params.get('granularity') : '';
    const today = new Date();
    return {
        range,
        granularity,
        from: params.get('from') ?? isoDate(new Date(today - 30 * DAY)),
        to: params.get('to') ?? isoDate(today),
    };
}

/** The console address of a view, carrying its pickers' state. */
function address(id, state, campaign = null) {
    const params = new URLSearchParams();
    if (campaign) params.set('campaign', campaign);
    if (state.range !== DEFAULT_RANGE) params.set('range', state.range);
    if (state.range === 'custom') {
        params.set('from', state.from);
        params.set('to', state.to);
    }
    if (state.granularity) params.set('granularity', state.granularity);
    const path = id ? `#/analytics/${encodeURIComponent(id)}` : '#/analytics';
    return params.toString() ? `${path}?${params}` : path;
}

/**
 * The instants the state covers: a preset up to now, or whole local days from the start date through the end date
 * (cut at now, so today's figures end at the present hour); null when the dates are missing or reversed.
 */
function span(state) {
    const now = new Date();
    if (state.range !== 'custom') {
        return {from: new Date(now - RANGES.find(([value]) => value === state.range)[2]), to: now};
    }
    const from = localDate(state.from);
    const through = localDate(state.to);
    if (!from || !through || from > through) return null;
    const to = new Date(through.getFullYear(), through.getMonth(), through.getDate() + 1);
    return {from, to: to > now && from < now ? now : to};
}

function localDate(value) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
    return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** yyyy-mm-dd of a Date in the browser's zone, the form date inputs take. */
function isoDate(date) {
    const pad = (n) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function query(range, granularity) {
    const params = new URLSearchParams({from: range.from.toISOString(), to: range.to.toISOString(),
        timezone: TIME_ZONE});
    if (granularity) params.set('granularity', granularity);
    return params;
}

function failureText(error) {
    return typeof error.describe === 'function' ? error.describe() : error.message;
}

function codeName(code) {
    return code.title ? `${code.title} (${code.shortCode})` : code.shortCode;
}

/**
 * The code's short link, destination and a way to its settings, above its figures. The short link is text, not a
 * link: opening it from here would count a scan of one's own.
 */
function describeCode(code) {
    return h('p', {class: 'muted'},
        h('span', {class: 'analytics-url', text: code.shortUrl}),
        ' → ', h('span', {class: 'analytics-url'}, breakable(code.destinationUrl)), ' · ',
        h('a', {href: `#/dynamic/${encodeURIComponent(code.id)}`, text: 'Edit code'}));
}

function headline(data) {
    return `${count(data.totalScans)} scans from ${instant(data.from)} to ${instant(data.to)}, ${granularityName(data)}.`;
}

function instant(iso) {
    return new Date(iso).toLocaleString(undefined, {dateStyle: 'medium', timeStyle: 'short'});
}

function granularityName(data) {
    const [, label] = GRANULARITIES.find(([value]) => value === data.granularity) ?? [null, data.granularity];
    return `${label.toLowerCase()} in ${data.timezone}`;
}

/** The figures of one response, as the page's sections. */
function report(data, charts, id, campaign) {
    const totals = h('div', {class: 'grid analytics-totals'},
        total('Scans', data.totalScans, 'People, bots left out'),
        total('Unique visitors', data.uniqueScans, 'First scan of the day per visitor'),
        total('Bots', data.botScans, 'Link previews and crawlers: redirected, not counted'));
    if (data.totalScans === 0) {
        return [totals, h('div', {class: 'card analytics-empty'},
            h('h2', {text: 'No scans in this range'}),
            h('p', {class: 'muted', text: campaign ? 'None of the campaign\'s codes was scanned in the chosen range. '
                + 'Choose a longer range, or file codes in it from their pages.' : 'Nobody scanned in the chosen '
                + 'range. Choose a longer range, or check back once the code is out in the world.'}))];
    }
    const sections = [totals, timelineCard(data, charts)];
    if (!id) sections.push(topCodesCard(data.topCodes ?? []));
    sections.push(h('div', {class: 'charts'},
        breakdownCard(charts, 'os', 'Operating systems', data.os),
        breakdownCard(charts, 'devices', 'Devices', data.devices.map((row) => ({...row, name: capitalised(row.name)}))),
        breakdownCard(charts, 'browsers', 'Browsers', data.browsers)));
    sections.push(h('div', {class: 'charts analytics-tables'},
        rankedCard('countries', 'Countries', 'Country', data.geo.map((row) => ({name: regionName(row.country),
            scans: row.scans})), data.totalScans),
        rankedCard('cities', 'Cities', 'City', data.cities.map((row) => ({name: `${row.city}, ${regionName(row.country)}`,
            scans: row.scans})), data.totalScans),
        rankedCard('languages', 'Languages', 'Language', data.languages.map((row) => ({name: languageName(row.name),
            scans: row.scans})), data.totalScans),
        rankedCard('referrers', 'Referrers', 'Site', data.referrers, data.totalScans,
            'Most scans come straight from a camera and carry no referrer.')));
    sections.push(destinationsCard(data.byDestination ?? [], data.totalScans, id));
    return sections;
}

function total(label, value, hint) {
    return h('div', {class: 'card'},
        h('div', {class: 'muted', text: label}),
        h('div', {class: 'big-number', text: count(value)}),
        h('small', {class: 'hint', text: hint}));
}

/** A section of the report: a card with its heading. */
function card(title, dataset, ...content) {
    return h('div', {class: 'card', dataset}, h('h2', {text: title}), ...content);
}

const UNKNOWN = 'Not known for any scan in this range.';

function timelineCard(data, charts) {
    const label = bucketLabeller(data);
    const points = data.timeline.map((bucket) => ({label: label(bucket.start), scans: bucket.scans,
        unique: bucket.uniqueScans}));
    const busiest = points.reduce((best, p) => (p.scans > best.scans ? p : best), points[0]);
    const canvas = h('canvas', {dataset: {chart: 'timeline'}});
    charts.add(canvas, `Scans over time, ${granularityName(data)}: ${count(data.totalScans)} in ${points.length} `
        + `periods; the busiest, ${busiest.label}, had ${count(busiest.scans)}.`, timelineConfig(points));
    const withScans = points.filter((p) => p.scans > 0);
    return card('Scans over time', {},
        h('div', {class: 'chart-box analytics-timeline'}, canvas),
        h('details', {},
            h('summary', {text: 'Show as a table'}),
            table(['Period', 'Scans', 'Unique visitors'], withScans.map((p) => [p.label, count(p.scans),
                count(p.unique)]), 'Periods without scans are left out.')));
}

/** Names timeline buckets by their start, in the zone the buckets were cut in. */
function bucketLabeller(data) {
    const format = new Intl.DateTimeFormat(undefined, {...BUCKET_FORMATS[data.granularity], timeZone: data.timezone});
    return data.granularity === 'week' ? (start) => `Week of ${format.format(new Date(start))}`
        : (start) => format.format(new Date(start));
}

function breakdownCard(charts, key, title, rows) {
    if (rows.length === 0) return card(title, {}, h('p', {class: 'muted', text: UNKNOWN}));
    const shown = slices(rows);
    const canvas = h('canvas', {dataset: {chart: key}});
    const box = h('div', {class: 'chart-box breakdown'}, canvas);
    box.style.height = `${breakdownHeight(shown)}px`;
    charts.add(canvas, describeSlices(title, shown), breakdownConfig(shown));
    return card(title, {}, box);
}

/** A ranked table: each row's name, count and share of all people's scans, drawn as a bar too. */
function rankedCard(key, title, column, rows, totalScans, emptyHint = UNKNOWN) {
    if (rows.length === 0) return card(title, {}, h('p', {class: 'muted', text: emptyHint}));
    return card(title, {ranked: key},
        table(['#', column, 'Scans', 'Share'], rows.map((row, i) => [String(i + 1), row.name, count(row.scans),
            shareCell(row.scans, totalScans)])));
}

function shareCell(scans, totalScans) {
    const bar = h('span', {class: 'analytics-share-fill'});
    bar.style.width = `${totalScans > 0 ? (100 * scans) / totalScans : 0}%`;
    return h('span', {class: 'analytics-share'}, h('span', {class: 'analytics-share-bar', 'aria-hidden': 'true'}, bar),
        h('span', {text: share(scans, totalScans)}));
}

function topCodesCard(codes) {
    const title = 'Most scanned codes';
    if (codes.length === 0) return card(title, {}, h('p', {class: 'muted', text: 'None.'}));
    return card(title, {ranked: 'codes'},
        table(['#', 'Code', 'Scans', 'Unique visitors'], codes.map((code, i) => [
            String(i + 1),
            h('span', {},
                // A deleted code's figures stay in the workspace's, but it has no page of its own any more.
                code.deleted ? code.title || code.shortCode
                    : h('a', {href: `#/analytics/${encodeURIComponent(code.id)}`, text: code.title || code.shortCode}),
                code.title ? h('span', {class: 'muted', text: ` ${code.shortCode}`}) : null,
                code.deleted ? h('span', {class: 'badge paused', text: 'deleted'}) : null),
            count(code.scans),
            count(code.uniqueScans)])));
}

/** Which way scans were sent: per rule and split arm for a code (a split test's result), per URL for a workspace. */
function destinationsCard(rows, totalScans, id) {
    const title = id ? 'Routes and split tests' : 'Destinations';
    if (rows.length === 0) {
        return card(title, {}, h('p', {class: 'muted', text: 'No scan in this range was sent anywhere (the code '
            + 'was paused, or expired without a fallback URL).'}));
    }
    const columns = id ? ['Route', 'Destination', 'Scans', 'Unique visitors', 'Share']
        : ['Destination', 'Scans', 'Unique visitors', 'Share'];
    return card(title, {ranked: 'destinations'},
        table(columns, rows.map((row) => [
            ...(id ? [routeName(row)] : []),
            h('span', {class: 'analytics-url'}, breakable(row.destinationUrl)),
            count(row.scans),
            count(row.uniqueScans),
            shareCell(row.scans, totalScans)])));
}

function routeName(row) {
    if (row.via === 'default') return 'Default destination';
    if (row.via === 'expired') return 'Expired URL';
    const rule = `Rule ${row.rule + 1}${row.ruleName ? ` · ${row.ruleName}` : ''}`;
    // Arms are lettered as A/B tests are named; the index stays what the rule's split lists.
    return row.arm === null || row.arm === undefined ? rule : `${rule} · arm ${String.fromCharCode(65 + row.arm)}`;
}

const NUMERIC_COLUMNS = new Set(['Scans', 'Unique visitors']);

/** A table in a sideways-scrolling wrapper; cells are text or nodes. */
function table(columns, rows, caption) {
    const numeric = (i) => NUMERIC_COLUMNS.has(columns[i]);
    return h('div', {class: 'table-wrap'}, h('table', {},
        caption ? h('caption', {class: 'hint', text: caption}) : null,
        h('thead', {}, h('tr', {}, columns.map((name, i) => h('th', {scope: 'col', class: numeric(i) ? 'num' : null,
            text: name})))),
        h('tbody', {}, rows.map((cells) => h('tr', {}, cells.map((cell, i) => h('td', {class: numeric(i) ? 'num'
            : null, dataset: {label: columns[i]}}, cell)))))));
}

const regions = new Intl.DisplayNames(undefined, {type: 'region'});
const languages = new Intl.DisplayNames(undefined, {type: 'language'});

/** A country's name in the browser's language; the code itself for anything Intl does not know ("(other)"). */
function regionName(code) {
    try {
        return regions.of(code) ?? code;
    } catch (notACode) {
        return code;
    }
}

function languageName(code) {
    try {
        const name = languages.of(code);
        return name && name !== code ? `${name} (${code})` : code;
    } catch (notACode) {
        return code;
    }
}

function capitalised(name) {
    return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The workspace's figures as shown, for a spreadsheet: one row per value of every breakdown
 * (`dimension,value,label,scans,uniqueScans`). The API exports raw scans per code only; these are the aggregates.
 */
function figuresCsv(data) {
    const rows = [['dimension', 'value', 'label', 'scans', 'uniqueScans'],
        ['total', `${data.from}/${data.to}`, data.timezone, data.totalScans, data.uniqueScans],
        ['bots', '', '', data.botScans, ''],
        ...data.timeline.map((b) => ['timeline', b.start, data.granularity, b.scans, b.uniqueScans]),
        ...(data.topCodes ?? []).map((c) => ['code', c.id, c.title || c.shortCode, c.scans, c.uniqueScans]),
        ...data.geo.map((r) => ['country', r.country, regionName(r.country), r.scans, '']),
        ...data.cities.map((r) => ['city', `${r.city}, ${r.country}`, r.city, r.scans, '']),
        ...named('os', data.os), ...named('device', data.devices), ...named('browser', data.browsers),
        ...named('language', data.languages), ...named('referrer', data.referrers),
        ...(data.byDestination ?? []).map((r) => ['destination', r.destinationUrl, '', r.scans, r.uniqueScans])];
    return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function named(dimension, rows) {
    return rows.map((row) => [dimension, row.name, '', row.scans, '']);
}

/** A CSV cell; text a spreadsheet would run as a formula gets a leading `'`, as the API's own export does. */
function csvCell(value) {
    let text = String(value ?? '');
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
