export default function PaymentDetails() {
	return null
}
