export function Camera() {
  return <h1 className="p-6 text-2xl font-bold">Camera</h1>;
}
