export function Checkout() {
  return <h1 className="p-6 text-2xl font-bold">Checkout</h1>;
}
