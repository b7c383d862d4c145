export function TestCamera() {
  return <h1 className="p-6 text-2xl font-bold">TestCamera</h1>;
}
