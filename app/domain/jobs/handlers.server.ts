import path from 'node:path'
import type { Db } from '../../db/client.server'
import type { EmailProvider } from '../../integrations/email/types'
import type { PayProClient } from '../../integrations/paypro/client.server'
import { localStorage } from '../../integrations/storage/local.server'
import { env } from '../../utils/env.server'
import { sendQueuedEmail } from '../email/send-queued-email.server'
import { sendSubscriptionReminder } from '../orders/send-subscription-reminder.server'
import { queueRenewalReminders } from '../orders/renewal-reminders.server'
import { queuePaymentReminders } from '../orders/payment-reminders.server'
import { confirmPayproPayment } from '../payments/confirm-paypro-payment.server'
import { sweepOrders } from '../payments/reconcile-orders.server'
import { sweepReceiptFiles, sweepUnpaidOrderReceipts, type ReceiptFiles } from '../payments/sweep-receipt-files.server'
import { shopFileStore, sweepIncompleteFiles } from '../files/file-store.server'
import { pruneRateLimits } from '../rate-limit.server'
import { pruneSessions } from '../staff/sessions.server'
import { pruneBuyerSignIns } from '../buyers/sign-in.server'
import { serveStockQueue } from '../stock/stock-alerts.server'
import { pruneDoneJobs } from './queue.server'
import { resumeSupplierPurchases, runSupplierJob } from '../suppliers/buy-from-suppliers.server'
import { queueSupplierPurchase } from '../suppliers/queue-supplier-purchase.server'
import { sendQueuedAlert } from '../alerts/send-alert.server'
import { sendQueuedPush } from '../push/send-queued-push.server'
import { sendQueuedWhatsApp } from '../whatsapp/send-queued-whatsapp.server'
import { queueDailySummaries } from '../alerts/daily-summary.server'
import { pollTelegramLinks } from '../alerts/telegram.server'
import { writeDailyBackup } from '../backup/write-daily-backup.server'
import { followSupplierCosts } from '../suppliers/follow-supplier-costs.server'
import { foldSalesDayDeltas } from '../reports/sales-rollups.server'
import { deliveryKey } from '../fulfillment/delivery-crypto.server'
import { now } from '../../utils/clock'
import type { JobHandlers } from './worker.server'

export function jobHandlers(
	db: Db,
	deps: {
		email: () => EmailProvider
		paypro: () => PayProClient
		reconcileAfterMinutes: number
		expiryHours: number
		/** Where receipts were stored before the file store; by default the uploads folder under DATA_DIR. */
		receiptFiles?: () => ReceiptFiles
	},
): JobHandlers {
	const receiptFiles = deps.receiptFiles ?? (() => localStorage(path.resolve(env().DATA_DIR)))
	const fileStore = shopFileStore(db)
	return {
		'send-email': async (job) => {
			await sendQueuedEmail(db, deps.email(), Number(job.payload.outboxId), { finalAttempt: job.finalAttempt })
		},
		'send-alert': async (job) => {
			await sendQueuedAlert(db, deps.email, Number(job.payload.alertId), { finalAttempt: job.finalAttempt })
		},
		'send-push': async (job) => {
			await sendQueuedPush(db, Number(job.payload.pushId), { finalAttempt: job.finalAttempt })
		},
		'send-whatsapp': async (job) => {
			await sendQueuedWhatsApp(db, Number(job.payload.messageId), { finalAttempt: job.finalAttempt })
		},
		'alert-summaries': async () => {
			await queueDailySummaries(db)
		},
		'reconcile-order': async (job) => {
			await confirmPayproPayment(db, deps.paypro(), String(job.payload.orderNumber))
		},
		'send-reminder': async (job) => {
			await sendSubscriptionReminder(db, String(job.payload.orderNumber), job.payload.kind === 'expiry' ? 'expiry' : 'before')
		},
		sweep: async () => {
			await sweepOrders(db, { reconcileAfterMinutes: deps.reconcileAfterMinutes, expiryHours: deps.expiryHours })
			// What strangers uploaded for orders that ended unpaid is not kept.
			await sweepUnpaidOrderReceipts(db, fileStore, { expiryHours: deps.expiryHours })
			// Paid orders still owed stock (a crash after payment, units freed by a void being undone): serve what can be.
			await serveStockQueue(db)
			// Purchases from suppliers a dead process left open: resumed by looking each up by its key (ADR-053).
			await resumeSupplierPurchases(db, (orderId, tag) => queueSupplierPurchase(db, orderId, tag))
			// The minute's sales deltas into their days (ADR-057): the reports read a short tail of them.
			await foldSalesDayDeltas(db)
			await pruneSessions(db)
			await pruneBuyerSignIns(db)
			await pruneRateLimits(db)
			await pruneDoneJobs(db)
			// Staff linking their Telegram chat: the bot's messages are read while a code waits (pollTelegramLinks logs its own failures).
			await pollTelegramLinks(db)
			// Orders still waiting for their buyer (the expired ones closed above) whose reminder time has come, each reminder once; last, so nothing above waits on it.
			await queuePaymentReminders(db)
		},
		'sweep-receipt-files': async () => {
			await sweepReceiptFiles(db, receiptFiles())
			await sweepIncompleteFiles(db, fileStore)
		},
		'renewal-reminders': async () => {
			await queueRenewalReminders(db)
		},
		// Queued by an import whose option paid orders were waiting for.
		'serve-stock-queue': async () => {
			await serveStockQueue(db)
		},
		// Queued by a payment (or stock's delivery) that left units of an option with suppliers owed (ADR-053).
		'buy-from-suppliers': async (job) => {
			await runSupplierJob(db, Number(job.payload.orderId), { finalAttempt: job.finalAttempt })
		},
		// Once a Pakistan day: suppliers' balances and the prices of the products options buy (ADR-054).
		'follow-supplier-costs': async () => {
			await followSupplierCosts(db)
		},
		// Queued only on PGlite with BACKUP_DIR set (startWorker's dailyBackup).
		'daily-backup': async () => {
			const { BACKUP_DIR, BACKUP_KEEP_DAYS, BACKUP_PASSPHRASE, DATA_DIR } = env()
			if (!BACKUP_DIR || !BACKUP_PASSPHRASE) return
			await writeDailyBackup(db, { dir: path.resolve(BACKUP_DIR), keepDays: BACKUP_KEEP_DAYS, passphrase: BACKUP_PASSPHRASE, deliveryKey: deliveryKey(), dataDir: DATA_DIR, now: now() })
		},
	}
}
