// The campaign pickers of the dynamic code form and list and of the analytics view: the workspace's campaigns from
// one request for the API's largest page, newest first, which is more campaigns than a picker can usefully show.

import {get} from './api.js';
import {select} from './dom.js';

const LISTED = 200;

/**
 * A select of `fixed` options ([value, label]) and then the campaigns, `value` chosen; the campaigns come in once
 * read. A chosen campaign that is not among them (older than the page, or gone) stays, named by its id, so the
 * choice shown is the one in effect; `onError` hears why the campaigns could not be read.
 */
export function campaignSelect(fixed, value, attrs, onError) {
    const own = (options, chosen) => (chosen && ![...fixed, ...options].some(([id]) => id === chosen)
        ? [[chosen, chosen]] : []);
    const picker = select([...fixed, ...own([], value)], value, attrs);
    get(`campaigns?limit=${LISTED}`).then((page) => {
        // What is chosen by now: the user may have picked while the campaigns were on their way.
        const chosen = picker.value;
        const options = page.items.map((campaign) => [campaign.id, campaign.name]);
        picker.replaceChildren(...select([...fixed, ...options, ...own(options, chosen)], chosen).children);
        picker.value = chosen;
    }).catch(onError);
    return picker;
}
