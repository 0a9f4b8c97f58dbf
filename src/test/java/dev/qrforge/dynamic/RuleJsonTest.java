package dev.qrforge.dynamic;

import static dev.qrforge.dynamic.RuleJsonSupport.rules;
import static dev.qrforge.dynamic.RuleJsonSupport.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RuleJsonTest {

    /** The example of the API documentation, written the loose way a client may write it. */
    private static final String REQUEST = """
            [
              {'name': 'iPhones', 'when': {'os': ['ios']}, 'destinationUrl': 'https://apps.apple.com/app/x'},
              {'when': {'country': ['de', 'AT', 'DE'], 'language': ['DE']}, 'split': [
                  {'destinationUrl': 'https://example.com/a', 'weight': 70},
                  {'destinationUrl': 'https://example.com/b', 'weight': 30}]},
              {'when': {'daysOfWeek': ['Saturday', 'SUNDAY'], 'timeFrom': '09:00', 'timeTo': '17:30',
                  'timezone': 'Europe/Berlin'}, 'destinationUrl': 'https://example.com/weekend'},
              {'when': {'startAt': '2026-12-01T01:00:00+01:00', 'endAt': '2026-12-24T00:00:00Z'},
                  'destinationUrl': 'https://example.com/advent'},
              {'when': {'scanCountBelow': 100, 'timeFrom': '22:00', 'timeTo': '06:00'},
                  'destinationUrl': 'https://example.com/first-100'},
              {'when': {}, 'destinationUrl': 'https://example.com/any'}
            ]""";

    private static final String CANONICAL = ("["
            + "{'name':'iPhones','when':{'os':['iOS']},'destinationUrl':'https://apps.apple.com/app/x'},"
            + "{'when':{'country':['DE','AT'],'language':['de']},'split':["
            + "{'destinationUrl':'https://example.com/a','weight':70},"
            + "{'destinationUrl':'https://example.com/b','weight':30}]},"
            + "{'when':{'daysOfWeek':['saturday','sunday'],'timeFrom':'09:00','timeTo':'17:30',"
            + "'timezone':'Europe/Berlin'},'destinationUrl':'https://example.com/weekend'},"
            + "{'when':{'startAt':'2026-12-01T00:00:00Z','endAt':'2026-12-24T00:00:00Z'},"
            + "'destinationUrl':'https://example.com/advent'},"
            + "{'when':{'timeFrom':'22:00','timeTo':'06:00','timezone':'UTC','scanCountBelow':100},"
            + "'destinationUrl':'https://example.com/first-100'},"
            + "{'destinationUrl':'https://example.com/any'}"
            + "]").replace('\'', '"');

    @Test
    void validatedRulesWriteCanonicalJson() {
        assertThat(write(rules(REQUEST))).isEqualTo(CANONICAL);
    }

    @Test
    void canonicalJsonReadsBackToTheSameRules() {
        List<Rule> validated = rules(REQUEST);
        List<Rule> stored = rules(CANONICAL);
        assertThat(stored).isEqualTo(validated);
        assertThat(write(stored)).isEqualTo(CANONICAL);
    }
}
