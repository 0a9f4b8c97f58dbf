// What opens over the page: menus of actions (a code's downloads, its other actions) and dialogs for the forms that
// make something new, so that a list shows its items first and a form takes room only while it is used.

import {h, uid} from './dom.js';

/** The gap, in CSS pixels, between a menu and its button, and between a menu and the window's edge. */
const GAP = 4;

/**
 * A menu button as the WAI-ARIA menu button pattern describes it: Enter, Space or Arrow Down opens the menu on its
 * first item (Arrow Up on its last), the arrows, Home and End move between items, Escape closes it and gives the
 * focus back to the button, Tab or a click elsewhere closes it. items: {label, ariaLabel, href} (a link) or
 * {label, ariaLabel, onSelect, danger} (an action); null entries are skipped. attrs go to the button.
 */
export function menuButton(content, items, attrs = {}) {
    const menu = h('ul', {class: 'menu', role: 'menu', id: uid('menu'), hidden: true});
    const button = h('button', {type: 'button', class: 'secondary menu-button', 'aria-haspopup': 'menu',
        'aria-expanded': 'false', 'aria-controls': menu.id, ...attrs}, content);
    menu.setAttribute('aria-label', attrs['aria-label'] ?? button.textContent);
    const entries = items.filter(Boolean).map((item) => {
        const entry = item.href
            ? h('a', {href: item.href, role: 'menuitem', tabindex: -1, 'aria-label': item.ariaLabel, text: item.label})
            : h('button', {type: 'button', role: 'menuitem', tabindex: -1, 'aria-label': item.ariaLabel,
                class: item.danger ? 'danger' : null, text: item.label});
        entry.addEventListener('click', () => {
            close(true);
            item.onSelect?.();
        });
        menu.append(h('li', {role: 'none'}, entry));
        return entry;
    });
    const wrap = h('div', {class: 'menu-wrap'}, button, menu);

    // Placed against the window rather than its container, so a table's or a card's edge never clips it; placed
    // again when the page scrolls or the window changes size, so it stays by its button.
    const place = () => {
        const at = button.getBoundingClientRect();
        const width = menu.offsetWidth;
        const left = Math.min(Math.max(GAP, at.right - width), window.innerWidth - width - GAP);
        const below = at.bottom + GAP + menu.offsetHeight <= window.innerHeight;
        menu.style.left = `${Math.max(GAP, left)}px`;
        menu.style.top = below ? `${at.bottom + GAP}px` : `${Math.max(GAP, at.top - GAP - menu.offsetHeight)}px`;
    };
    const onOutside = (event) => {
        if (!wrap.contains(event.target)) close(false);
    };

    function open(index) {
        menu.hidden = false;
        button.setAttribute('aria-expanded', 'true');
        place();
        document.addEventListener('pointerdown', onOutside, true);
        window.addEventListener('scroll', place, true);
        window.addEventListener('resize', place);
        entries.at(index)?.focus({preventScroll: true});
    }

    function close(refocus) {
        if (menu.hidden) return;
        menu.hidden = true;
        button.setAttribute('aria-expanded', 'false');
        document.removeEventListener('pointerdown', onOutside, true);
        window.removeEventListener('scroll', place, true);
        window.removeEventListener('resize', place);
        if (refocus) button.focus({preventScroll: true});
    }

    button.addEventListener('click', () => (menu.hidden ? open(0) : close(true)));
    button.addEventListener('keydown', (event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            open(event.key === 'ArrowDown' ? 0 : -1);
        }
    });
    menu.addEventListener('keydown', (event) => {
        const at = entries.indexOf(document.activeElement);
        const moves = {ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1};
        if (event.key in moves) {
            event.preventDefault();
            entries.at(moves[event.key] % entries.length).focus({preventScroll: true});
        } else if (event.key === 'Escape') {
            event.preventDefault();
            close(true);
        } else if (event.key === 'Tab') {
            close(false);
        }
    });
    wrap.addEventListener('focusout', (event) => {
        if (event.relatedTarget && !wrap.contains(event.relatedTarget)) close(false);
    });
    return wrap;
}

/**
 * A modal dialog around content whose heading names it (headingId); Escape and the Close button close it, and the
 * focus goes back to whatever opened it. Returns {element, open, close}: element goes into the page once.
 */
export function modal(content, headingId) {
    const closer = h('button', {type: 'button', class: 'secondary dialog-close', text: 'Close'});
    const element = h('dialog', {class: 'modal', 'aria-labelledby': headingId}, closer, content);
    let opener = null;
    closer.addEventListener('click', () => element.close());
    element.addEventListener('close', () => opener?.focus());
    return {
        element,
        open() {
            opener = document.activeElement;
            element.showModal();
            element.querySelector('input:not([type=hidden]), select, textarea')?.focus();
        },
        close: () => element.close(),
    };
}
