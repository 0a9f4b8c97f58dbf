// The public API, as the console's one way to the server: every call carries the signed-in credential, and every
// failure becomes an ApiError holding the error envelope's code, field, message and request id.

const BASE = new URL('../api/v1/', document.baseURI);

let credential = async () => null;

/** Sets where calls get their bearer credential from: a function returning (a promise of) a token or API key. */
export function useCredential(source) {
    credential = source;
}

/** A failed call: the envelope's fields, and the HTTP status. */
export class ApiError extends Error {
    constructor(status, error) {
        super(error.message || `HTTP ${status}`);
        this.status = status;
        this.code = error.code ?? null;
        this.field = error.field ?? null;
        this.requestId = error.request_id ?? null;
    }

    /**
     * What to show people: the message and the field it concerns. The request id is for support, not a sentence:
     * status lines and the page's notice show it apart, under Details (dom.js, requestDetails).
     */
    describe() {
        const field = this.field ? ` (${this.field})` : '';
        return `${this.message}${field}`;
    }
}

/** The absolute URL of an API path such as `qr?limit=20`. */
export function url(path) {
    return new URL(path, BASE).toString();
}

/**
 * Calls the API. options: method, body (an object, sent as JSON; a string or Blob as it is), contentType, accept,
 * as ('json', the default; 'blob'; 'text'; 'response'), signal. Resolves to the parsed answer (null for 204).
 */
export async function call(path, options = {}) {
    const headers = {Accept: options.accept ?? 'application/json'};
    const token = await credential();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body = options.body;
    if (body !== undefined && !(typeof body === 'string' || body instanceof Blob)) {
        body = JSON.stringify(body);
        headers['Content-Type'] = options.contentType ?? 'application/json';
    } else if (body !== undefined) {
        headers['Content-Type'] = options.contentType ?? 'text/plain';
    }
    const response = await fetch(url(path), {method: options.method ?? 'GET', headers, body, signal: options.signal});
    if (!response.ok) {
        throw await failure(response);
    }
    switch (options.as ?? 'json') {
        case 'response': return response;
        case 'blob': return response.blob();
        case 'text': return response.text();
        default: return response.status === 204 ? null : response.json();
    }
}

async function failure(response) {
    try {
        const envelope = await response.json();
        if (envelope && envelope.error) return new ApiError(response.status, envelope.error);
    } catch (ignored) {
        // Not the envelope (a proxy's page, say): the status is all there is to tell.
    }
    return new ApiError(response.status, {message: `HTTP ${response.status} ${response.statusText}`});
}

export const get = (path, options) => call(path, options);
export const post = (path, body, options) => call(path, {...options, method: 'POST', body});
export const patch = (path, body, options) =>
    call(path, {contentType: 'application/merge-patch+json', ...options, method: 'PATCH', body});
export const remove = (path, options) => call(path, {...options, method: 'DELETE'});

/** A URL for an image the API serves behind credentials (an <img> cannot send them): an object URL of its bytes. */
export async function imageUrl(path, options = {}) {
    return URL.createObjectURL(await call(path, {...options, accept: options.accept ?? 'image/*', as: 'blob'}));
}

/** The media type of each image format a record can carry inline: `svg` as text, the others in base64. */
const MEDIA_TYPES = {svg: 'image/svg+xml', png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp',
    pdf: 'application/pdf', eps: 'application/postscript'};

/** An image record's inline image (`svg` text, or `png`, `jpeg`, `webp`, `pdf`, `eps` in base64) as a Blob. */
export function recordBlob(record) {
    if (record.svg) return new Blob([record.svg], {type: MEDIA_TYPES.svg});
    const format = Object.keys(MEDIA_TYPES).find((name) => typeof record[name] === 'string');
    const bytes = Uint8Array.from(atob(record[format]), (c) => c.charCodeAt(0));
    return new Blob([bytes], {type: MEDIA_TYPES[format]});
}

/** An object URL for an image record's inline image. */
export function recordImageUrl(record) {
    return URL.createObjectURL(recordBlob(record));
}
