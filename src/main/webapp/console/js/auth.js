// Signing in: through Keycloak (authorization code with PKCE, keycloak-js) when the deployment has a realm, or with a
// workspace API key, kept for this tab only (sessionStorage), never in a cookie.

import {ApiError, get, useCredential} from './api.js';
import {field, h, statusLine} from './dom.js';

const KEY_STORAGE = 'qrforge.console.apiKey';
/** Seconds of validity a token must have left when a call goes out; keycloak-js refreshes it otherwise. */
const MIN_TOKEN_VALIDITY_SECONDS = 30;

let keycloak = null;
let session = null;

/** The deployment's sign-in settings (`oidc`: keycloak-js url, realm and clientId, or null). */
async function settings() {
    const response = await fetch(new URL('settings.json', document.baseURI));
    if (!response.ok) throw new Error(`Could not read the console's settings (HTTP ${response.status})`);
    return response.json();
}

/**
 * Resolves to the session ({name, method}) when someone is signed in: back from Keycloak, already signed in to
 * it, or holding an API key from earlier in this tab. Resolves to null otherwise, having kept keycloak-js ready.
 */
export async function restore() {
    const {oidc} = await settings();
    if (oidc) {
        keycloak = new Keycloak({url: oidc.url, realm: oidc.realm, clientId: oidc.clientId});
        const signedIn = await keycloak.init({
            pkceMethod: 'S256',
            responseMode: 'query',
            checkLoginIframe: false,
            redirectUri: consoleUrl(),
        });
        if (signedIn) return start(tokenCredential, keycloak.tokenParsed?.preferred_username ?? 'Keycloak user', 'keycloak');
    }
    const key = sessionStorage.getItem(KEY_STORAGE);
    return key ? start(async () => key, keyName(key), 'api-key') : null;
}

/** The console's own address, where Keycloak sends people back to. */
function consoleUrl() {
    return new URL('.', document.baseURI).toString();
}

async function tokenCredential() {
    try {
        await keycloak.updateToken(MIN_TOKEN_VALIDITY_SECONDS);
    } catch (expired) {
        // The Keycloak session ended (logged out elsewhere, or idle too long): sign in again.
        keycloak.login();
        throw new Error('Your session has ended; signing in again.');
    }
    return keycloak.token;
}

function keyName(key) {
    return `API key …${key.slice(-4)}`;
}

function start(credential, name, method) {
    useCredential(credential);
    session = {name, method};
    return session;
}

/** Signs out: forgets the API key, or ends the Keycloak session (which comes back to the console). */
export function signOut() {
    sessionStorage.removeItem(KEY_STORAGE);
    if (session?.method === 'keycloak') {
        keycloak.logout({redirectUri: consoleUrl()});
    } else {
        // A fresh page rather than the route's view without a credential, which would only be refused.
        location.replace(consoleUrl());
    }
}

/** The sign-in screen: a Keycloak button when there is a realm, and the API key form in every case. */
export function signInScreen(onSignedIn) {
    const status = statusLine();
    const keyInput = h('input', {type: 'password', name: 'apiKey', autocomplete: 'off', required: true,
        spellcheck: 'false'});
    const form = h('form', {class: 'card sign-in-key', on: {submit: async (event) => {
        event.preventDefault();
        const key = keyInput.value.trim();
        status.say('Checking the key…');
        useCredential(async () => key);
        try {
            await get('qr?limit=1');
        } catch (e) {
            useCredential(async () => null);
            status.say(e instanceof ApiError ? e.describe() : e.message, e);
            keyInput.focus();
            return;
        }
        sessionStorage.setItem(KEY_STORAGE, key);
        onSignedIn(start(async () => key, keyName(key), 'api-key'));
    }}},
    h('h2', {text: 'Sign in with an API key'}),
    field('API key', keyInput, 'A workspace key (qrk_…) with at least qr:read. It is kept for this browser tab only.'),
    h('button', {type: 'submit', text: 'Sign in with key'}),
    status);
    const sso = keycloak ? h('section', {class: 'card sign-in-sso'},
        h('h2', {text: 'Sign in with your organisation'}),
        h('p', {text: 'Single sign-on through Keycloak.'}),
        h('button', {type: 'button', class: 'sign-in-keycloak', text: 'Sign in with Keycloak',
            on: {click: () => keycloak.login()}})) : null;
    return h('div', {class: 'sign-in'}, h('h1', {text: 'qrforge console'}), sso, form);
}

/** Who is signed in ({name, method}), or null. */
export function currentSession() {
    return session;
}
