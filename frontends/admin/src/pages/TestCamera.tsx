import { AdminOnly } from '../access/AdminOnly';
import { TestCameraScreen } from '../test-camera/TestCameraScreen';

export function TestCamera() {
  return (
    <AdminOnly>
      <TestCameraScreen />
    </AdminOnly>
  );
}
