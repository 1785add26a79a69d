import { usingSimulator } from '../../integrations/paypro/paypro.server'

/** What the browser may know of how the shop takes payments now (it follows the console's connections, ADR-048). */
export function publicConfig() {
	return {
		/** Online payments go to the built-in PayPro simulator: no money moves. */
		testPayments: usingSimulator(),
	}
}
