package dev.qrforge.client;

/** One classifier for all tests, as in a deployment: building it takes seconds. */
final class SharedClassifier {

    static final UserAgentClassifier INSTANCE = new UserAgentClassifier();

    private SharedClassifier() {
    }
}
