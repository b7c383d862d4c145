export function CreateEvent() {
  return <h1 className="p-6 text-2xl font-bold">CreateEvent</h1>;
}
