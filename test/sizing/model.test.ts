// The model off the study's cells: documented caps at the study's efficiencies (modelled), baseline vs peak,
// path limits, ENA Express, Tier_1, OCI per-OCPU, and the user's probe replacing the model.

import {describe, expect, it} from 'vitest';
import {evidenceView} from '../../source/domain/evidence.js';
import type {NetworkPath, ShapeRecord} from '../../source/domain/model-types.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import type {Placement} from '../../source/domain/types.js';
import {predict} from '../../source/sizing/model.js';
import {probe} from '../advice/helpers.js';
import {
	a1Flex,
	c4aStandard48,
	c8g4xlarge,
	c8gn8xlarge,
	e5Flex,
	m6i32xlarge,
	m7i8xlarge,
	n2Standard32,
	t3micro,
} from './shape-fixtures.js';

interface Ask {
	readonly placement?: Placement;
	readonly streams?: number;
	readonly path?: NetworkPath;
	readonly enaExpress?: boolean;
	readonly tier1?: boolean;
	readonly ocpus?: number;
	readonly sustained?: boolean;
	readonly region?: string;
}

function run(record: ShapeRecord, ask: Ask = {}, evidence = evidenceView(referenceMeasurements())) {
	return predict(
		{
			cloud: record.cloud,
			shape: record.shape,
			placement: ask.placement ?? 'default',
			ocpus: ask.ocpus ?? null,
			options: {enaExpress: ask.enaExpress ?? false, tier1: ask.tier1 ?? false},
			streams: ask.streams ?? 1,
		},
		ask.path ?? 'same-zone',
		record,
		{
			evidence,
			region: ask.region ?? null,
			...(ask.sustained ? {span: {sustained: true, bytes: null, seconds: null}} : {}),
		},
	);
}

describe('AWS off the study', () => {
	it('carries the measured per-flow efficiencies to another shape as modelled (4.96 of 5, 9.53 of 10)', () => {
		expect(run(m7i8xlarge)).toMatchObject({singleFlowGbps: 4.96, bindingLimit: 'per-flow-cap'});
		expect(run(m7i8xlarge).footing).toEqual({singleFlow: 'modelled', aggregate: 'modelled'});
		expect(run(m7i8xlarge, {placement: 'cluster'}).singleFlowGbps).toBe(9.53);
	});

	it('bounds the aggregate by the published figure at the placement efficiency', () => {
		// 12.5 Gbps is under c8g's 15: the study's 14.89/15 applies.
		expect(run(m7i8xlarge, {streams: 8})).toMatchObject({aggregateGbps: 12.41, bindingLimit: 'instance-baseline'});
		// 100 Gbps: c8gn's cluster efficiency 49.74/50, and 16 flows of 9.53 get there.
		expect(run(c8gn8xlarge, {placement: 'cluster', streams: 16}).aggregateGbps).toBe(99.48);
		expect(run(c8gn8xlarge, {placement: 'default', streams: 16})).toMatchObject({
			aggregateGbps: 79.36,
			bindingLimit: 'per-flow-cap',
		});
		// No placement penalty on the aggregate: the c8gn default cell is flow-bound (8 x 4.96), so at default
		// the instance is read at the share measured where a ceiling was hit (c8g.4xlarge default, 14.89/15).
		expect(run(c8gn8xlarge, {placement: 'default', streams: 32}).aggregateGbps).toBe(99.27);
		expect(run(c8gn8xlarge, {placement: 'cluster', streams: 4})).toMatchObject({
			aggregateGbps: 38.12,
			bindingLimit: 'per-flow-cap',
		});
	});

	it('ENA Express lifts one flow to its documented 25 Gbps at the study efficiency, only where supported and in-Region', () => {
		// 25 is a documented maximum, not a prediction at 100%: carried at the study's lower flow share (9.53/10).
		expect(run(m6i32xlarge, {enaExpress: true})).toMatchObject({
			singleFlowGbps: 23.83,
			footing: {singleFlow: 'modelled', aggregate: 'modelled'},
		});
		expect(run(m6i32xlarge, {enaExpress: true, path: 'cross-zone'}).singleFlowGbps).toBe(23.83);
		expect(run(m6i32xlarge, {enaExpress: true, path: 'cross-zone', region: 'sa-east-1'}).singleFlowGbps).toBe(4.96);
		expect(run(m6i32xlarge, {enaExpress: true, path: 'internet'}).singleFlowGbps).toBe(4.96);
		expect(run(m7i8xlarge, {enaExpress: true}).singleFlowGbps).toBe(4.96);
	});

	it('applies the internet / other-Region limit: 5 Gbps under 32 vCPUs, else half the instance', () => {
		expect(run(c8g4xlarge, {streams: 8, path: 'internet'})).toMatchObject({
			aggregateGbps: 5,
			bindingLimit: 'path-limit',
		});
		expect(run(m7i8xlarge, {streams: 8, path: 'internet'})).toMatchObject({
			aggregateGbps: 6.25,
			bindingLimit: 'path-limit',
			footing: {aggregate: 'documented'},
		});
		expect(run(m6i32xlarge, {streams: 8, path: 'internet'}).aggregateGbps).toBe(25);
	});

	it('rests short transfers on the peak and sustained ones on the baseline, and says why', () => {
		const short = run(c8g4xlarge, {streams: 8});
		expect(short).toMatchObject({aggregateGbps: 14.89, restsOn: 'peak', footing: {aggregate: 'measured'}});
		const sustained = run(c8g4xlarge, {streams: 8, sustained: true});
		expect(sustained).toMatchObject({aggregateGbps: 7.45, restsOn: 'baseline', bindingLimit: 'instance-baseline'});
		const why = sustained.basis.join('\n');
		expect(why).toContain('5 to 60 min');
		expect(why).toContain('300 s');
		expect(run(t3micro, {sustained: true}).aggregateGbps).toBe(0.06);
		expect(run(m7i8xlarge, {sustained: true}).restsOn).toBeUndefined();
	});

	it('holds one flow to the baseline the plan rests on: the measured 9.53 was a 20 s run, inside the window', () => {
		const short = run(c8g4xlarge, {placement: 'cluster'});
		expect(short).toMatchObject({singleFlowGbps: 9.53, footing: {singleFlow: 'measured'}});
		const sustained = run(c8g4xlarge, {placement: 'cluster', sustained: true});
		expect(sustained).toMatchObject({singleFlowGbps: 7.45, aggregateGbps: 7.45, bindingLimit: 'instance-baseline'});
		expect(sustained.footing.singleFlow).not.toBe('measured');
		expect(sustained.basis.join('\n')).toContain(
			'one flow 9.53 Gbps measured by the study (one sample, us-west-2), over a shorter run than yours',
		);
		// Below the baseline a measured flow stands: the 300 s run held 4.965 at default placement.
		expect(run(c8g4xlarge, {sustained: true})).toMatchObject({singleFlowGbps: 4.96, footing: {singleFlow: 'measured'}});
	});
});

describe('GCP and OCI off the study', () => {
	it('GCP: the egress rule at the study share, one flow up to the measured link, a bound above; Tier_1 raises the cap', () => {
		expect(run(n2Standard32)).toMatchObject({singleFlowGbps: 21.06, aggregateGbps: 21.06});
		// 50 Gbps Tier_1 x 65.8% = 32.91 on the instance; one flow above the study's 21.69 is only "at least".
		expect(run(n2Standard32, {tier1: true})).toMatchObject({
			singleFlowGbps: 21.69,
			bindingLimit: 'flows',
			footing: {singleFlow: 'bound', aggregate: 'bound'},
		});
		expect(run(n2Standard32, {tier1: true, streams: 2})).toMatchObject({
			aggregateGbps: 32.91,
			bindingLimit: 'instance-baseline',
			footing: {singleFlow: 'bound', aggregate: 'modelled'},
		});
		expect(run(c4aStandard48, {tier1: true}).singleFlowGbps).toBe(21.69);
		expect(run(c4aStandard48, {path: 'internet', streams: 8})).toMatchObject({
			aggregateGbps: 7,
			bindingLimit: 'path-limit',
		});
	});

	it('OCI: Gbps per OCPU up to the maximum, one flow at 95% up to the measured link, at least 15.5 above', () => {
		expect(run(e5Flex, {ocpus: 24, streams: 2})).toMatchObject({aggregateGbps: 24, footing: {aggregate: 'documented'}});
		expect(run(e5Flex, {ocpus: 24})).toMatchObject({singleFlowGbps: 15.5, footing: {singleFlow: 'bound'}});
		expect(run(e5Flex, {ocpus: 8})).toMatchObject({singleFlowGbps: 7.6, footing: {singleFlow: 'modelled'}});
		expect(run(e5Flex, {ocpus: 100, streams: 8}).aggregateGbps).toBe(40);
		// The study's 16 OCPU pair is measured; at 20 OCPUs the same shape is modelled.
		expect(run(a1Flex, {ocpus: 16, streams: 8}).footing.aggregate).toBe('measured');
		expect(run(a1Flex, {ocpus: 20, streams: 8})).toMatchObject({aggregateGbps: 20, footing: {aggregate: 'documented'}});
	});
});

describe("the user's probe replaces the model", () => {
	it('a probe of c8g.4xlarge default gives measured figures from the probe', () => {
		const evidence = evidenceView([
			...referenceMeasurements(),
			probe({singleFlowGbps: 4.7, aggregateGbps: 14.2, streams: 8, runId: 'np-c8g-1'}),
		]);
		const one = run(c8g4xlarge, {}, evidence);
		expect(one).toMatchObject({singleFlowGbps: 4.7, footing: {singleFlow: 'measured'}});
		expect(one.basis[0]).toContain('your probe np-c8g-1');
		expect(run(c8g4xlarge, {streams: 8}, evidence)).toMatchObject({
			aggregateGbps: 14.2,
			footing: {aggregate: 'measured'},
		});
		expect(run(c8g4xlarge, {streams: 2}, evidence).aggregateGbps).toBe(9.4);
	});

	it('a probe of a shape the study lacks replaces the model for it', () => {
		const evidence = evidenceView([
			probe({shape: 'm7i.8xlarge', singleFlowGbps: 4.8, aggregateGbps: 12.2, streams: 4}),
		]);
		expect(run(m7i8xlarge, {streams: 4}, evidence)).toMatchObject({
			aggregateGbps: 12.2,
			footing: {aggregate: 'measured'},
		});
		expect(run(m7i8xlarge, {placement: 'cluster'}, evidence).footing.singleFlow).toBe('modelled');
		// A flow-bound probe (2 streams x 4.8) shows only that the instance carries at least 9.6.
		const flowBound = evidenceView([
			probe({shape: 'm7i.8xlarge', singleFlowGbps: 4.8, aggregateGbps: 9.6, streams: 2}),
		]);
		expect(run(m7i8xlarge, {streams: 8}, flowBound).aggregateGbps).toBe(12.41);
	});

	it('the probe does not stand for ENA Express or another path', () => {
		const evidence = evidenceView([probe({shape: 'm6i.32xlarge', singleFlowGbps: 4.9, aggregateGbps: 39, streams: 8})]);
		expect(run(m6i32xlarge, {enaExpress: true}, evidence).singleFlowGbps).toBe(23.83);
		expect(run(m6i32xlarge, {path: 'cross-zone'}, evidence).footing.singleFlow).toBe('modelled');
	});
});
