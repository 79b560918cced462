// A probe field one cloud alone takes: its own flag (`--vpc`, `--project`), declared in the cloud's folder
// (providers/<cloud>/probe-fields.ts) and read from there by the flag schema, the flag docs, the probe,
// cleanup and `shapes --live` flag lists, the probe form and the request (providers/cloud-probe-fields.ts is
// the registry). Each is text: a name the cloud's SDK is handed and a printed delete command may carry, so
// the request checks it as one (request/probe-request.ts checkSafeName). Pure data: the CLI's argv parser
// reads these, so the file imports nothing.

export interface CloudProbeField {
	/** camelCase: the flag (kebab-case on the command line), the probe form's field, the target's key. */
	readonly id: string;
	/**
	 * `location`: where a run is (beside --region and --zone): probe, cleanup and `shapes --live` take it.
	 * `network`: which network the run uses: probe alone takes it.
	 */
	readonly group: 'location' | 'network';
	/** The value's placeholder in the help (`P`, `ID`). */
	readonly value: string;
	/** Its line in the help, naming the cloud (`AWS: use this VPC`). */
	readonly doc: string;
	/** The probe form's hint beside the field. */
	readonly hint?: string;
}
