// Names for the API shapes of the integrations screen, looked up in the generated paths.
import type { paths } from '../../../api/schema';
import type { JsonOf } from '../../../api/types';

export type MqttSettings = JsonOf<paths['/api/v1/integrations/mqtt']['get']['responses'][200]>;
export type MqttSettingsIn = JsonOf<NonNullable<paths['/api/v1/integrations/mqtt']['put']['requestBody']>>;
export type MqttStatus = MqttSettings['status'];
export type MqttState = MqttStatus['state'];
