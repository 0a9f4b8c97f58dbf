/**
 * The browser console at {@code /console}: its static files live in {@code src/main/webapp/console} and call only
 * the public API, like any other client. This package holds the one thing the files cannot know by themselves: how
 * this deployment signs people in (the Keycloak realm and client, or API keys alone).
 */
package dev.qrforge.console;
