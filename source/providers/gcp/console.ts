// An instance's serial port 1 output through Compute instances.getSerialPortOutput, where the startup
// script (its output goes to the serial console) and cloud-init print the host key fingerprints. Google
// documents reading the serial port output to check a VM's host keys before connecting.

import type {ConsoleReader} from '../cloud/host-key-pin.js';
import type {GcpClients} from './clients.js';

export function gcpConsole(clients: GcpClients, project: string, zone: string, instance: string): ConsoleReader {
	return async () => {
		const [output] = await clients.instances.getSerialPortOutput({project, zone, instance, port: 1});
		return output.contents ?? '';
	};
}
