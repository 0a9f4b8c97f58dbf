// What the views that draw codes share: the service's design options, and a code's image as a download.

import {get, post, recordBlob} from './api.js';
import {download} from './dom.js';

let options = null;

/** GET design-options, asked once per page load: the values change only with a new version of the service. */
export function designOptions() {
    options ??= get('design-options').catch((error) => {
        options = null;
        throw error;
    });
    return options;
}

/** A file name people recognise in their downloads folder: the title, made safe for file systems, or a fallback. */
export function downloadName(title, fallback, format) {
    const stem = (title ?? '').normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
    return `${stem || fallback}.${format}`;
}

/**
 * Renders a code request in the given format through POST qr/preview and offers the image as a download: the
 * preview keeps nothing, so downloading never adds a code to the workspace.
 */
export async function downloadRendering(request, format, name) {
    const record = await post('qr/preview', forFormat(request, format));
    download(recordBlob(record), name);
}

/** Formats a browser shows in an <img>; a PDF or EPS is previewed through its SVG twin. */
export const SHOWN_FORMATS = ['svg', 'png', 'jpeg', 'webp'];
/** Formats drawn in pixels, whose physical size takes a dpi; and the vector print formats, which take CMYK. */
export const RASTER_FORMATS = ['png', 'jpeg', 'webp'];
export const PRINT_FORMATS = ['pdf', 'eps'];

/**
 * The request for another format than the one it was made for: the resolution only where pixels are drawn to a
 * physical size, the colour space only where the format keeps CMYK; the service refuses either elsewhere.
 */
export function forFormat(request, format) {
    const {dpi, colorSpace, ...rest} = request;
    const result = {...rest, format};
    if (dpi !== undefined && RASTER_FORMATS.includes(format) && rest.unit && rest.unit !== 'px') result.dpi = dpi;
    if (colorSpace !== undefined && PRINT_FORMATS.includes(format)) result.colorSpace = colorSpace;
    return result;
}
