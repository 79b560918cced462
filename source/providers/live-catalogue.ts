// What each cloud's live-catalogue adapter (providers/<cloud>/live-catalogue.ts) gives `netplace shapes --live`:
// a session once the cloud's credentials load locally (no API call is made to find out), or the reason nothing
// is called; the session names what it asks and returns the API's figures for the shapes named.

import type {LiveFigures} from '../sizing/catalogue-live.js';
import type {CloudLocationFieldId} from './cloud-probe-fields.js';

/** Where to ask: the flags `shapes --live` takes (--region, --zone and each cloud's own location flags). */
export type LiveWhere = {
	readonly region?: string | undefined;
	readonly zone?: string | undefined;
} & {readonly [Id in CloudLocationFieldId]?: string | undefined};

export interface LiveSession {
	/** The call and where it went, e.g. `DescribeInstanceTypes us-west-2`. */
	readonly calledAs: string;
	/** The API's figures for the shapes it knows among `shapes` (unknown names are left out, not an error). */
	figures(shapes: readonly string[]): Promise<LiveFigures[]>;
}

/** A cloud's session for `where`, or why nothing may be called (no credentials, no project, ...). */
export type LiveOpener = (where: LiveWhere) => Promise<LiveSession | string>;

export const nothingCalled = 'nothing was called';
