// Names for the API shapes of the nodes screen, looked up in the generated paths.
import type { paths } from '../../../api/schema';
import type { JsonOf } from '../../../api/types';

export type NodeList = JsonOf<paths['/api/v1/nodes']['get']['responses'][200]>;
export type RecorderNode = NodeList['nodes'][number];
