// Providers load lazily: nothing (least of all a cloud SDK) is imported until a command asks for one.

import {UserError} from '../errors.js';
import {providerIds, type Provider, type ProviderId} from './provider.js';

type ProviderModule = Record<string, unknown>;

const factories: Record<ProviderId, {readonly load: () => Promise<ProviderModule>; readonly create: string}> = {
	lab: {load: async () => import('./lab/index.js'), create: 'createLabProvider'},
	gcp: {load: async () => import('./gcp/index.js'), create: 'createGcpProvider'},
	// TODO(aws/oci providers): literal imports once their index modules are committed.
	aws: {load: async () => import(modulePath('aws')) as Promise<ProviderModule>, create: 'createAwsProvider'},
	oci: {load: async () => import(modulePath('oci')) as Promise<ProviderModule>, create: 'createOciProvider'},
};

function modulePath(id: ProviderId): string {
	return `./${id}/index.js`;
}

export function isProviderId(value: string): value is ProviderId {
	return (providerIds as readonly string[]).includes(value);
}

/** The provider `id`, loaded on first use. Unknown ids are the user's error (exit 2). */
export async function loadProvider(id: string): Promise<Provider> {
	if (!isProviderId(id)) {
		throw new UserError(`unknown provider "${id}"`, `use one of ${providerIds.join(', ')}`);
	}

	const factory = factories[id];
	let module: ProviderModule;
	try {
		module = await factory.load();
	} catch (error: unknown) {
		if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(`/${id}/index.js`)) {
			throw new UserError(`the ${id} provider is not available in this build`);
		}

		throw error;
	}

	const create = module[factory.create];
	if (typeof create !== 'function') throw new UserError(`the ${id} provider is not available in this build`);
	return (create as () => Provider)();
}
