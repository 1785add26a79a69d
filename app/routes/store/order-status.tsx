export default function OrderStatus() {
	return null
}
