// The console's shell: sign-in, the section navigation, and the hash router that hands each section its view.
// A view module exports `default async function (root, route)` and may return a function that stops whatever it
// keeps running (a poll, a chart), called when the user leaves the section.

import {ApiError} from './api.js';
import {restore, signInScreen, signOut} from './auth.js';
import {h, requestDetails} from './dom.js';

const VIEWS = {
    codes: () => import('./views/codes.js'),
    design: () => import('./views/designer.js'),
    dynamic: () => import('./views/dynamic.js'),
    campaigns: () => import('./views/campaigns.js'),
    analytics: () => import('./views/analytics.js'),
    bulk: () => import('./views/bulk.js'),
    transparent: () => import('./views/transparent.js'),
    audit: () => import('./views/audit.js'),
    domains: () => import('./views/domains.js'),
};
const DEFAULT_SECTION = 'codes';

const main = document.getElementById('main');
const header = document.querySelector('header.top');
const notice = document.querySelector('.notice');
let stopView = null;
let rendering = 0;

/** `#/dynamic/dyn_x?tab=rules` → {section: 'dynamic', id: 'dyn_x', query: URLSearchParams}. */
export function currentRoute() {
    const [path, query = ''] = location.hash.replace(/^#\/?/, '').split('?');
    const [section, id = null] = path.split('/').filter(Boolean).map(decodeURIComponent);
    return {section: VIEWS[section] ? section : DEFAULT_SECTION, id, query: new URLSearchParams(query)};
}

/** Shows a failure the view did not handle itself, without leaving the page. */
export function showError(error) {
    notice.textContent = error instanceof ApiError ? error.describe() : (error?.message ?? String(error));
    if (error?.requestId) notice.append(' ', requestDetails(error.requestId));
    notice.hidden = false;
}

async function show() {
    const route = currentRoute();
    const mine = ++rendering;
    if (stopView) {
        stopView();
        stopView = null;
    }
    notice.hidden = true;
    for (const link of header.querySelectorAll('nav a')) {
        if (link.dataset.section === route.section) link.setAttribute('aria-current', 'page');
        else link.removeAttribute('aria-current');
    }
    main.replaceChildren(h('p', {class: 'loading', text: 'Loading…'}));
    try {
        const view = (await VIEWS[route.section]()).default;
        if (mine !== rendering) return;
        // Each render draws into an element of its own: a view still waiting on the API when the user moves on
        // then finishes into a detached element instead of beside the next section.
        const host = h('div', {class: 'view'});
        main.replaceChildren(host);
        const stop = await view(host, route);
        if (mine !== rendering) {
            if (typeof stop === 'function') stop();
            return;
        }
        stopView = typeof stop === 'function' ? stop : null;
    } catch (error) {
        if (mine === rendering) showError(error);
    }
}

function signedIn(session) {
    header.hidden = false;
    header.querySelector('.who-name').textContent = session.name;
    window.addEventListener('hashchange', show);
    show();
}

/**
 * On a phone the sections fold behind a Menu button (console.css), which shows them as a disclosure; choosing one,
 * or Escape within them, folds them again.
 */
function foldingNavigation() {
    const toggle = header.querySelector('.nav-toggle');
    const fold = (open) => {
        header.classList.toggle('nav-open', open);
        toggle.setAttribute('aria-expanded', String(open));
    };
    toggle.addEventListener('click', () => fold(!header.classList.contains('nav-open')));
    header.querySelector('nav').addEventListener('keydown', (event) => {
        if (event.key !== 'Escape' || !header.classList.contains('nav-open')) return;
        fold(false);
        toggle.focus();
    });
    window.addEventListener('hashchange', () => fold(false));
}

async function boot() {
    header.querySelector('.sign-out').addEventListener('click', signOut);
    foldingNavigation();
    // The skip link's #main would be taken for a route: move the focus instead of following it.
    document.querySelector('.skip-link').addEventListener('click', (event) => {
        event.preventDefault();
        main.focus();
    });
    window.addEventListener('unhandledrejection', (event) => {
        event.preventDefault();
        showError(event.reason);
    });
    try {
        const session = await restore();
        if (session) {
            signedIn(session);
        } else {
            main.replaceChildren(signInScreen((s) => {
                main.replaceChildren();
                signedIn(s);
            }));
        }
    } catch (error) {
        main.replaceChildren();
        showError(error);
    }
}

boot();
