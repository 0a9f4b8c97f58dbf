package dev.qrforge.webhook;

/** A webhook URL the service will not call: its message says why, in words fit for the API's error. */
class TargetRefused extends Exception {

    TargetRefused(String message) {
        super(message, null, false, false);
    }
}
