export function MyDashboard() {
  return <h1 className="p-6 text-2xl font-bold">MyDashboard</h1>;
}
