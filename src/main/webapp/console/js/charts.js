// Chart.js (the global `Chart` index.html loads) as the console draws it: one colour-blind-safe palette, canvases
// that screen readers announce as images with a summary of their numbers, and a set that destroys its charts when the
// view that drew them goes away (a chart left alive keeps its resize observer and its memory).

/** Okabe–Ito: told apart with every common colour-vision deficiency; the grey is kept for "Other". */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442'];
const OTHER_COLOUR = '#8c959f';
/** A donut with more slices than colours is unreadable: the smallest ones are summed into "Other". */
const MAX_SLICES = PALETTE.length;

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
 * A timeline: people's scans as bars, unique visitors as a line over them. `points` are {label, scans, unique}.
 */
export function timelineConfig(points) {
    return {
        type: 'bar',
        data: {
            labels: points.map((p) => p.label),
            datasets: [
                {label: 'Scans', data: points.map((p) => p.scans), backgroundColor: PALETTE[0], order: 2},
                {
                    type: 'line', label: 'Unique visitors', data: points.map((p) => p.unique),
                    borderColor: PALETTE[1], backgroundColor: PALETTE[1], pointRadius: points.length > 60 ? 0 : 3,
                    tension: 0.2, order: 1,
                },
            ],
        },
        options: {
            interaction: {mode: 'index', intersect: false},
            // `order` puts the line over the bars; the legend still lists the datasets as declared.
            plugins: {legend: {labels: {sort: (a, b) => a.datasetIndex - b.datasetIndex}}},
            scales: {
                x: {ticks: {autoSkip: true, maxRotation: 0}},
                y: {beginAtZero: true, ticks: {precision: 0}},
            },
        },
    };
}

/** The slices a donut shows: the largest rows, and the rest summed as "Other". `rows` are {name, scans}. */
export function slices(rows) {
    if (rows.length <= MAX_SLICES) return rows;
    const kept = rows.slice(0, MAX_SLICES - 1);
    const rest = rows.slice(MAX_SLICES - 1).reduce((sum, row) => sum + row.scans, 0);
    return [...kept, {name: 'Other', scans: rest, other: true}];
}

/** A donut of `rows` ({name, scans}, as `slices` gives them), its legend naming each slice's count and share. */
export function donutConfig(rows) {
    const total = rows.reduce((sum, row) => sum + row.scans, 0);
    return {
        type: 'doughnut',
        data: {
            labels: rows.map((row) => row.name),
            datasets: [{
                data: rows.map((row) => row.scans),
                backgroundColor: rows.map((row, i) => (row.other ? OTHER_COLOUR : PALETTE[i % PALETTE.length])),
                borderColor: '#ffffff',
            }],
        },
        options: {
            plugins: {
                legend: {
                    position: 'bottom',
                    labels: {
                        generateLabels: (chart) => Chart.overrides.doughnut.plugins.legend.labels.generateLabels(chart)
                            .map((item) => ({
                                ...item,
                                text: `${item.text}: ${rows[item.index].scans.toLocaleString()} (${share(rows[item.index].scans, total)})`,
                            })),
                    },
                },
            },
        },
    };
}

/** The text alternative of a donut: "Operating systems: iOS 3 (30 %), Android 2 (20 %)." */
export function describeSlices(title, rows) {
    const total = rows.reduce((sum, row) => sum + row.scans, 0);
    return `${title}: ${rows.map((row) => `${row.name} ${row.scans.toLocaleString()} (${share(row.scans, total)})`)
        .join(', ')}.`;
}
