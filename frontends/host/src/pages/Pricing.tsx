export function Pricing() {
  return <h1 className="p-6 text-2xl font-bold">Pricing</h1>;
}
