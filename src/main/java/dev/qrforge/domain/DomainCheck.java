package dev.qrforge.domain;

/**
 * What one verification attempt found: the challenge that passed ({@code dns} or {@code http}), or why neither did.
 *
 * @param passedBy the passing challenge's name, or null
 * @param failure  what each challenge found, for the owner to fix, when none passed
 */
record DomainCheck(String passedBy, String failure) {

    static final String DNS = "dns";
    static final String HTTP = "http";

    static DomainCheck passed(String by) {
        return new DomainCheck(by, null);
    }

    static DomainCheck failed(String failure) {
        return new DomainCheck(null, failure);
    }
}
