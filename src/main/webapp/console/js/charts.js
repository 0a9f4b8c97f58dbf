// Chart.js (the global `Chart` index.html loads) as the console draws it: one colour-blind-safe palette, canvases
// that screen readers announce as images with a summary of their numbers, and a set that destroys its charts when the
// view that drew them goes away (a chart left alive keeps its resize observer and its memory).

/** Okabe–Ito: told apart with every common colour-vision deficiency; the grey is kept for "Other". */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442'];
const OTHER_COLOUR = '#8c959f';
/** Breakdowns show this many bars at most; the smallest rows beyond them are summed into "Other". */
const MAX_SLICES = 7;

const percent = new Intl.NumberFormat(undefined, {style: 'percent', maximumFractionDigits: 1});

/** `part` of `whole` as a percentage for people ("30 %"), "0 %" when there is no whole. */
export function share(part, whole) {
    return percent.format(whole > 0 ? part / whole : 0);
}

/** The charts one view draws; `destroy()` ends them all (between two loads, and when the view stops). */
export class ChartSet {
    #charts = [];

    /** Draws a chart on a canvas, giving the canvas the image role and `label` as its text alternative. */
    add(canvas, label, config) {
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', label);
        const chart = new Chart(canvas, {
            ...config,
            options: {responsive: true, maintainAspectRatio: false, animation: false, ...config.options},
        });
        this.#charts.push(chart);
        return chart;
    }

    destroy() {
        for (const chart of this.#charts.splice(0)) chart.destroy();
    }
}

/**
 * Chart.js's own type (12 px Helvetica, grey) made the page's: its font family and colour, at the size of the page's
 * small print, and its grid lines in the page's line colour. Read once, from the style sheet, so the two never drift.
 */
function matchPageType() {
    const body = getComputedStyle(document.body);
    const root = getComputedStyle(document.documentElement);
    Chart.defaults.font.family = body.fontFamily;
    Chart.defaults.font.size = Math.round(parseFloat(body.fontSize) * 0.875);
    Chart.defaults.color = body.color;
    Chart.defaults.borderColor = root.getPropertyValue('--line').trim() || Chart.defaults.borderColor;
}
matchPageType();

/**
 * A timeline: scans and unique visitors as two lines, the scans' filled, the same for every range. `points` are
 * {label, scans, unique}. The x axis is offset so that a single period sits in the middle, not on the axis.
 */
export function timelineConfig(points) {
    const dots = points.length > 60 ? 0 : 3;
    return {
        type: 'line',
        data: {
            labels: points.map((p) => p.label),
            datasets: [
                {label: 'Scans', data: points.map((p) => p.scans), borderColor: PALETTE[0],
                    backgroundColor: `${PALETTE[0]}33`, pointBackgroundColor: PALETTE[0], fill: 'origin',
                    pointRadius: dots, tension: 0.2},
                {label: 'Unique visitors', data: points.map((p) => p.unique), borderColor: PALETTE[1],
                    backgroundColor: PALETTE[1], pointRadius: dots, tension: 0.2},
            ],
        },
        options: {
            interaction: {mode: 'index', intersect: false},
            layout: {padding: {top: 8}},
            plugins: {legend: {labels: {usePointStyle: true, boxHeight: 8}}},
            scales: {
                x: {offset: true, grid: {offset: false}, ticks: {autoSkip: true, maxRotation: 0}},
                y: {beginAtZero: true, grace: '10%', ticks: {precision: 0}},
            },
        },
    };
}

/** A breakdown with more bars than this is hard to read: the smallest ones are summed into "Other". */
export function slices(rows) {
    if (rows.length <= MAX_SLICES) return rows;
    const kept = rows.slice(0, MAX_SLICES - 1);
    const rest = rows.slice(MAX_SLICES - 1).reduce((sum, row) => sum + row.scans, 0);
    return [...kept, {name: 'Other', scans: rest, other: true}];
}

/** The height, in CSS pixels, a breakdown of `rows` bars needs: every bar as thick as one line of the axis' labels. */
export function breakdownHeight(rows) {
    return 48 + rows.length * 36;
}

/**
 * A breakdown (operating systems, countries, …) of `rows` ({name, scans}, as `slices` gives them) as horizontal
 * bars, largest first, each labelled on its axis and telling its count and share on hover; "Other" in grey.
 */
export function breakdownConfig(rows) {
    const total = rows.reduce((sum, row) => sum + row.scans, 0);
    return {
        type: 'bar',
        data: {
            labels: rows.map((row) => row.name),
            datasets: [{
                label: 'Scans',
                data: rows.map((row) => row.scans),
                backgroundColor: rows.map((row) => (row.other ? OTHER_COLOUR : PALETTE[0])),
                maxBarThickness: 28,
                borderRadius: 3,
            }],
        },
        options: {
            indexAxis: 'y',
            plugins: {
                legend: {display: false},
                tooltip: {callbacks: {label: (item) => `${rows[item.dataIndex].scans.toLocaleString()} scans `
                    + `(${share(rows[item.dataIndex].scans, total)})`}},
            },
            scales: {
                x: {beginAtZero: true, grace: '10%', ticks: {precision: 0}},
                y: {grid: {display: false}},
            },
        },
    };
}

/** The text alternative of a breakdown: "Operating systems: iOS 3 (30 %), Android 2 (20 %)." */
export function describeSlices(title, rows) {
    const total = rows.reduce((sum, row) => sum + row.scans, 0);
    return `${title}: ${rows.map((row) => `${row.name} ${row.scans.toLocaleString()} (${share(row.scans, total)})`)
        .join(', ')}.`;
}
