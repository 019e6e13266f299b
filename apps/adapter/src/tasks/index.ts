// The frozen task registry: the only list of built-in tasks.
import { faceDetection } from './face-detection.js';
import { faceRecognition } from './face-recognition.js';
import { objectDetection } from './object-detection.js';
import { personCounting } from './person-counting.js';
import { personDetection } from './person-detection.js';
import { sceneDescription } from './scene-description.js';
import type { TaskDefinition } from './types.js';

export const TASKS: ReadonlyMap<string, TaskDefinition> = new Map(
  [personCounting, faceDetection, sceneDescription, objectDetection, personDetection, faceRecognition].map(
    (t) => [t.name, Object.freeze(t)],
  ),
);

export const TASK_NAMES: readonly string[] = Object.freeze([...TASKS.keys()]);
