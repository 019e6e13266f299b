// Generated from apps/recorder/openapi.json by apps/web/scripts/generate-api.mjs: do not edit.
// `npm run openapi` writes them after a change of the recorder's routes.

import type { FieldBounds } from './field-bounds';

export const requestBounds = {
  "registerAdapter": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[a-z0-9][a-z0-9_.-]*$",
      "required": true
    },
    "url": {
      "type": "string",
      "minLength": 8,
      "maxLength": 500,
      "pattern": "^https?://[^\\s\\u0000-\\u001F\\u007F]+$",
      "required": true
    },
    "token": {
      "type": "string",
      "minLength": 1,
      "maxLength": 4096,
      "pattern": "^[\\x21-\\x7e]+$",
      "required": false
    }
  },
  "createDetectionResult": {
    "model_id": {
      "type": "integer",
      "minimum": 1,
      "required": true
    },
    "task": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "camera_id": {
      "type": "integer",
      "minimum": 1,
      "nullable": true,
      "required": false
    },
    "label": {
      "type": "string",
      "maxLength": 200,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "caption": {
      "type": "string",
      "maxLength": 10000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "annotated_image_uri": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "confidence": {
      "type": "number",
      "minimum": 0,
      "maximum": 1,
      "nullable": true,
      "required": false
    },
    "count": {
      "type": "integer",
      "minimum": 0,
      "maximum": 1000000,
      "nullable": true,
      "required": false
    },
    "bbox_x": {
      "type": "integer",
      "minimum": 0,
      "maximum": 1000000,
      "nullable": true,
      "required": false
    },
    "bbox_y": {
      "type": "integer",
      "minimum": 0,
      "maximum": 1000000,
      "nullable": true,
      "required": false
    },
    "bbox_width": {
      "type": "integer",
      "minimum": 0,
      "maximum": 1000000,
      "nullable": true,
      "required": false
    },
    "bbox_height": {
      "type": "integer",
      "minimum": 0,
      "maximum": 1000000,
      "nullable": true,
      "required": false
    },
    "latency_ms": {
      "type": "integer",
      "minimum": 0,
      "maximum": 86400000,
      "nullable": true,
      "required": false
    },
    "executed_at": {
      "type": "string",
      "nullable": true,
      "required": false
    }
  },
  "createAiModel": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "model_name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "task": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[a-z][a-z0-9_.-]*$",
      "required": true
    },
    "enabled": {
      "type": "boolean",
      "required": false
    },
    "source_type": {
      "type": "string",
      "enum": [
        "live",
        "recording"
      ],
      "required": false
    },
    "inference_interval": {
      "type": "integer",
      "minimum": 1,
      "maximum": 86400,
      "nullable": true,
      "required": false
    },
    "assigned_camera_id": {
      "type": "integer",
      "minimum": 1,
      "nullable": true,
      "required": false
    },
    "config": {
      "type": "string",
      "maxLength": 65536,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "recording_path": {
      "type": "string",
      "minLength": 1,
      "maxLength": 1000,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    }
  },
  "replaceAiModel": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "model_name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "task": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[a-z][a-z0-9_.-]*$",
      "required": false
    },
    "enabled": {
      "type": "boolean",
      "required": false
    },
    "source_type": {
      "type": "string",
      "enum": [
        "live",
        "recording"
      ],
      "required": false
    },
    "inference_interval": {
      "type": "integer",
      "minimum": 1,
      "maximum": 86400,
      "nullable": true,
      "required": false
    },
    "assigned_camera_id": {
      "type": "integer",
      "minimum": 1,
      "nullable": true,
      "required": false
    },
    "config": {
      "type": "string",
      "maxLength": 65536,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "recording_path": {
      "type": "string",
      "minLength": 1,
      "maxLength": 1000,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    }
  },
  "updateAiModel": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "model_name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "task": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[a-z][a-z0-9_.-]*$",
      "required": false
    },
    "enabled": {
      "type": "boolean",
      "required": false
    },
    "source_type": {
      "type": "string",
      "enum": [
        "live",
        "recording"
      ],
      "required": false
    },
    "inference_interval": {
      "type": "integer",
      "minimum": 1,
      "maximum": 86400,
      "nullable": true,
      "required": false
    },
    "assigned_camera_id": {
      "type": "integer",
      "minimum": 1,
      "nullable": true,
      "required": false
    },
    "config": {
      "type": "string",
      "maxLength": 65536,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "recording_path": {
      "type": "string",
      "minLength": 1,
      "maxLength": 1000,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    }
  },
  "tryAiModel": {
    "camera_id": {
      "type": "integer",
      "minimum": 1,
      "required": false
    }
  },
  "acknowledgeAlerts": {
    "ids": {
      "type": "array",
      "maxItems": 10000,
      "nullable": true,
      "required": false
    },
    "severity": {
      "type": "string",
      "enum": [
        "info",
        "low",
        "medium",
        "high",
        "critical"
      ],
      "nullable": true,
      "required": false
    },
    "source_name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    }
  },
  "updateAlertActions": {
    "min_severity": {
      "type": "string",
      "enum": [
        "info",
        "low",
        "medium",
        "high",
        "critical"
      ],
      "nullable": true,
      "required": false
    },
    "webhook": {
      "type": "object",
      "nullable": true,
      "required": false
    },
    "webhook.enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "webhook.url": {
      "type": "string",
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^https?://[^\\s\\u0000-\\u001F\\u007F]+$",
      "nullable": true,
      "required": false
    },
    "webhook.secret": {
      "type": "string",
      "maxLength": 256,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "webhook.headers": {
      "type": "object",
      "nullable": true,
      "required": false
    },
    "telephony": {
      "type": "object",
      "nullable": true,
      "required": false
    },
    "telephony.enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "telephony.account_sid": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[A-Za-z0-9]+$",
      "nullable": true,
      "required": false
    },
    "telephony.auth_token": {
      "type": "string",
      "maxLength": 256,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "telephony.from_number": {
      "type": "string",
      "maxLength": 16,
      "pattern": "^(\\+[1-9][0-9]{6,14}|[A-Za-z0-9 ]{1,11})$",
      "nullable": true,
      "required": false
    },
    "telephony.to_numbers": {
      "type": "array",
      "maxItems": 20,
      "nullable": true,
      "items": {
        "type": "string",
        "maxLength": 16,
        "pattern": "^\\+[1-9][0-9]{6,14}$"
      },
      "required": false
    },
    "telephony.base_url": {
      "type": "string",
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^https?://[^\\s\\u0000-\\u001F\\u007F]+$",
      "nullable": true,
      "required": false
    }
  },
  "registerApp": {
    "url": {
      "type": "string",
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\u0000-\\u001F\\u007F]+$",
      "required": true
    },
    "manifest": {
      "type": "object",
      "required": true
    },
    "manifest.id": {
      "type": "string",
      "minLength": 1,
      "maxLength": 46,
      "pattern": "^[a-z0-9][a-z0-9._-]*$",
      "required": true
    },
    "manifest.name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "manifest.version": {
      "type": "string",
      "minLength": 1,
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "manifest.permissions": {
      "type": "array",
      "maxItems": 10,
      "items": {
        "type": "string",
        "enum": [
          "admin"
        ]
      },
      "required": false
    },
    "sdk_version": {
      "type": "string",
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "wants_key": {
      "type": "boolean",
      "required": false
    }
  },
  "login": {
    "username": {
      "type": "string",
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "password": {
      "type": "string",
      "minLength": 1,
      "maxLength": 256,
      "pattern": "^[^\\u0000]*$",
      "required": true
    },
    "grant_type": {
      "type": "string",
      "maxLength": 8,
      "pattern": "^password$",
      "nullable": true,
      "required": false
    },
    "scope": {
      "type": "string",
      "maxLength": 1000,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "client_id": {
      "type": "string",
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "client_secret": {
      "type": "string",
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    }
  },
  "logout": {
    "refresh_token": {
      "type": "string",
      "minLength": 1,
      "maxLength": 4096,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    }
  },
  "refreshTokens": {
    "refresh_token": {
      "type": "string",
      "minLength": 1,
      "maxLength": 4096,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    }
  },
  "startSession": {
    "username": {
      "type": "string",
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "password": {
      "type": "string",
      "minLength": 1,
      "maxLength": 256,
      "pattern": "^[^\\u0000]*$",
      "required": true
    },
    "grant_type": {
      "type": "string",
      "maxLength": 8,
      "pattern": "^password$",
      "nullable": true,
      "required": false
    },
    "scope": {
      "type": "string",
      "maxLength": 1000,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "client_id": {
      "type": "string",
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "client_secret": {
      "type": "string",
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    }
  },
  "createCameraConfig": {
    "camera_id": {
      "type": "integer",
      "minimum": 1,
      "required": true
    },
    "auto_restart": {
      "type": "boolean",
      "required": false
    },
    "max_restart_attempts": {
      "type": "integer",
      "minimum": 0,
      "maximum": 1000,
      "required": false
    },
    "proxy_enabled": {
      "type": "boolean",
      "required": false
    },
    "recording_enabled": {
      "type": "boolean",
      "required": false
    },
    "recording_path": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "recording_segment_seconds": {
      "type": "integer",
      "minimum": 10,
      "maximum": 3600,
      "required": false
    },
    "rtmp_publisher": {
      "type": "boolean",
      "required": false
    },
    "webrtc_publisher": {
      "type": "boolean",
      "required": false
    },
    "rtsp_transport": {
      "type": "string",
      "maxLength": 4,
      "pattern": "^(udp|tcp|auto)?$",
      "nullable": true,
      "required": false
    },
    "source_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "extra_options": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "stream_protocol": {
      "type": "string",
      "enum": [
        "rtsp",
        "rtmp",
        "webrtc"
      ],
      "required": false
    },
    "transport_security": {
      "type": "string",
      "enum": [
        "rtsps_required",
        "rtsps_preferred",
        "plaintext_allowed"
      ],
      "required": false
    },
    "detect_stream": {
      "type": "string",
      "enum": [
        "main",
        "sub"
      ],
      "required": false
    },
    "grid_stream": {
      "type": "string",
      "enum": [
        "main",
        "sub"
      ],
      "required": false
    },
    "detection_enabled": {
      "type": "boolean",
      "required": false
    }
  },
  "replaceCameraConfig": {
    "auto_restart": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "max_restart_attempts": {
      "type": "integer",
      "minimum": 0,
      "maximum": 1000,
      "nullable": true,
      "required": false
    },
    "proxy_enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "recording_enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "recording_path": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "recording_segment_seconds": {
      "type": "integer",
      "minimum": 10,
      "maximum": 3600,
      "nullable": true,
      "required": false
    },
    "rtmp_publisher": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "webrtc_publisher": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "rtsp_transport": {
      "type": "string",
      "maxLength": 4,
      "pattern": "^(udp|tcp|auto)?$",
      "nullable": true,
      "required": false
    },
    "source_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "extra_options": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "stream_protocol": {
      "type": "string",
      "enum": [
        "rtsp",
        "rtmp",
        "webrtc"
      ],
      "nullable": true,
      "required": false
    },
    "transport_security": {
      "type": "string",
      "enum": [
        "rtsps_required",
        "rtsps_preferred",
        "plaintext_allowed"
      ],
      "nullable": true,
      "required": false
    },
    "detect_stream": {
      "type": "string",
      "enum": [
        "main",
        "sub"
      ],
      "nullable": true,
      "required": false
    },
    "grid_stream": {
      "type": "string",
      "enum": [
        "main",
        "sub"
      ],
      "nullable": true,
      "required": false
    },
    "detection_enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    }
  },
  "updateCameraConfig": {
    "auto_restart": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "max_restart_attempts": {
      "type": "integer",
      "minimum": 0,
      "maximum": 1000,
      "nullable": true,
      "required": false
    },
    "proxy_enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "recording_enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "recording_path": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "recording_segment_seconds": {
      "type": "integer",
      "minimum": 10,
      "maximum": 3600,
      "nullable": true,
      "required": false
    },
    "rtmp_publisher": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "webrtc_publisher": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "rtsp_transport": {
      "type": "string",
      "maxLength": 4,
      "pattern": "^(udp|tcp|auto)?$",
      "nullable": true,
      "required": false
    },
    "source_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "extra_options": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "stream_protocol": {
      "type": "string",
      "enum": [
        "rtsp",
        "rtmp",
        "webrtc"
      ],
      "nullable": true,
      "required": false
    },
    "transport_security": {
      "type": "string",
      "enum": [
        "rtsps_required",
        "rtsps_preferred",
        "plaintext_allowed"
      ],
      "nullable": true,
      "required": false
    },
    "detect_stream": {
      "type": "string",
      "enum": [
        "main",
        "sub"
      ],
      "nullable": true,
      "required": false
    },
    "grid_stream": {
      "type": "string",
      "enum": [
        "main",
        "sub"
      ],
      "nullable": true,
      "required": false
    },
    "detection_enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    }
  },
  "createCamera": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "ip_address": {
      "type": "string",
      "minLength": 1,
      "maxLength": 45,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "port": {
      "type": "integer",
      "minimum": 1,
      "maximum": 65535,
      "required": false
    },
    "is_active": {
      "type": "boolean",
      "required": false
    },
    "status": {
      "type": "string",
      "maxLength": 20,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "description": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "location": {
      "type": "string",
      "maxLength": 200,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "display_aspect_ratio": {
      "type": "string",
      "maxLength": 16,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "firmware_version": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "hardware_id": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "serial_number": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "model": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "manufacturer": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "vlan": {
      "type": "string",
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "username": {
      "type": "string",
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "password": {
      "type": "string",
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "rtsp_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "substream_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "onvif_xaddr": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "assignments": {
      "type": "array",
      "maxItems": 16,
      "nullable": true,
      "required": false
    }
  },
  "replaceCamera": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "ip_address": {
      "type": "string",
      "minLength": 1,
      "maxLength": 45,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "port": {
      "type": "integer",
      "minimum": 1,
      "maximum": 65535,
      "nullable": true,
      "required": false
    },
    "is_active": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "status": {
      "type": "string",
      "maxLength": 20,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "description": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "location": {
      "type": "string",
      "maxLength": 200,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "display_aspect_ratio": {
      "type": "string",
      "maxLength": 16,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "firmware_version": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "hardware_id": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "serial_number": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "model": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "manufacturer": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "vlan": {
      "type": "string",
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "username": {
      "type": "string",
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "password": {
      "type": "string",
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "rtsp_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "substream_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "onvif_xaddr": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "assignments": {
      "type": "array",
      "maxItems": 16,
      "nullable": true,
      "required": false
    }
  },
  "updateCamera": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "ip_address": {
      "type": "string",
      "minLength": 1,
      "maxLength": 45,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "port": {
      "type": "integer",
      "minimum": 1,
      "maximum": 65535,
      "nullable": true,
      "required": false
    },
    "is_active": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "status": {
      "type": "string",
      "maxLength": 20,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "description": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "location": {
      "type": "string",
      "maxLength": 200,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "display_aspect_ratio": {
      "type": "string",
      "maxLength": 16,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "firmware_version": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "hardware_id": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "serial_number": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "model": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "manufacturer": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "vlan": {
      "type": "string",
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "username": {
      "type": "string",
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "password": {
      "type": "string",
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "rtsp_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "substream_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "onvif_xaddr": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "assignments": {
      "type": "array",
      "maxItems": 16,
      "nullable": true,
      "required": false
    }
  },
  "updateConfigOfCamera": {
    "auto_restart": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "max_restart_attempts": {
      "type": "integer",
      "minimum": 0,
      "maximum": 1000,
      "nullable": true,
      "required": false
    },
    "proxy_enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "recording_enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "recording_path": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "recording_segment_seconds": {
      "type": "integer",
      "minimum": 10,
      "maximum": 3600,
      "nullable": true,
      "required": false
    },
    "rtmp_publisher": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "webrtc_publisher": {
      "type": "boolean",
      "nullable": true,
      "required": false
    },
    "rtsp_transport": {
      "type": "string",
      "maxLength": 4,
      "pattern": "^(udp|tcp|auto)?$",
      "nullable": true,
      "required": false
    },
    "source_url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "extra_options": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "stream_protocol": {
      "type": "string",
      "enum": [
        "rtsp",
        "rtmp",
        "webrtc"
      ],
      "nullable": true,
      "required": false
    },
    "transport_security": {
      "type": "string",
      "enum": [
        "rtsps_required",
        "rtsps_preferred",
        "plaintext_allowed"
      ],
      "nullable": true,
      "required": false
    },
    "detect_stream": {
      "type": "string",
      "enum": [
        "main",
        "sub"
      ],
      "nullable": true,
      "required": false
    },
    "grid_stream": {
      "type": "string",
      "enum": [
        "main",
        "sub"
      ],
      "nullable": true,
      "required": false
    },
    "detection_enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    }
  },
  "createDeviceUser": {
    "username": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "password": {
      "type": "string",
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "level": {
      "type": "string",
      "enum": [
        "Administrator",
        "Operator",
        "User"
      ],
      "required": false
    }
  },
  "hardDeleteCamera": {
    "confirmation_phrase": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    }
  },
  "replaceCameraMotion": {
    "enabled": {
      "type": "boolean",
      "required": true
    },
    "fps": {
      "type": "number",
      "minimum": 1,
      "maximum": 10,
      "required": false
    },
    "threshold": {
      "type": "integer",
      "minimum": 1,
      "maximum": 255,
      "required": false
    },
    "min_area": {
      "type": "number",
      "minimum": 0.0001,
      "maximum": 0.5,
      "required": false
    },
    "masks": {
      "type": "array",
      "maxItems": 16,
      "required": false
    }
  },
  "grantCameraPermission": {
    "user_id": {
      "type": "integer",
      "minimum": 1,
      "required": true
    },
    "can_view": {
      "type": "boolean",
      "required": false
    },
    "can_manage": {
      "type": "boolean",
      "required": false
    }
  },
  "moveCameraPtz": {
    "pan": {
      "type": "number",
      "minimum": -1,
      "maximum": 1,
      "required": false
    },
    "tilt": {
      "type": "number",
      "minimum": -1,
      "maximum": 1,
      "required": false
    },
    "zoom": {
      "type": "number",
      "minimum": -1,
      "maximum": 1,
      "required": false
    },
    "timeout_ms": {
      "type": "integer",
      "minimum": 100,
      "maximum": 60000,
      "required": false
    }
  },
  "createCameraPtzPreset": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    }
  },
  "replaceCameraReviewSettings": {
    "pre_roll_seconds": {
      "type": "integer",
      "minimum": 0,
      "maximum": 120,
      "required": false
    },
    "post_roll_seconds": {
      "type": "integer",
      "minimum": 0,
      "maximum": 120,
      "required": false
    },
    "retention_days": {
      "type": "integer",
      "minimum": 1,
      "maximum": 3650,
      "required": false
    },
    "continuous_retention_days": {
      "type": "integer",
      "minimum": 0,
      "maximum": 3650,
      "nullable": true,
      "required": false
    }
  },
  "setTransportSecurityPolicy": {
    "policy": {
      "type": "string",
      "enum": [
        "rtsps_required",
        "rtsps_preferred",
        "plaintext_allowed"
      ],
      "required": true
    }
  },
  "replaceCameraZones": {
    "zones": {
      "type": "array",
      "maxItems": 16,
      "required": true
    }
  },
  "createCloudCredential": {
    "provider": {
      "type": "string",
      "enum": [
        "huggingface",
        "openai"
      ],
      "required": true
    },
    "token": {
      "type": "string",
      "minLength": 1,
      "maxLength": 8192,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "account_info": {
      "type": "object",
      "nullable": true,
      "required": false
    },
    "account_info.base_url": {
      "type": "string",
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^https?://[^\\s\\u0000-\\u001F\\u007F]+$",
      "required": false
    },
    "account_info.allow_private_network": {
      "type": "boolean",
      "required": false
    },
    "account_info.organization": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "account_info.project": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    }
  },
  "runCloudInference": {
    "model_id": {
      "type": "integer",
      "minimum": 1,
      "required": true
    },
    "inputs": {
      "type": "object",
      "required": true
    },
    "parameters": {
      "type": "object",
      "nullable": true,
      "required": false
    }
  },
  "createCloudJob": {
    "model_id": {
      "type": "integer",
      "minimum": 1,
      "required": true
    },
    "inputs": {
      "type": "object",
      "required": true
    },
    "parameters": {
      "type": "object",
      "nullable": true,
      "required": false
    }
  },
  "createCloudModel": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "provider": {
      "type": "string",
      "enum": [
        "huggingface",
        "openai"
      ],
      "required": true
    },
    "credential_id": {
      "type": "string",
      "required": true
    },
    "model_id": {
      "type": "string",
      "minLength": 1,
      "maxLength": 500,
      "pattern": "^[^\\s\\u0000-\\u001F\\u007F]+$",
      "required": true
    },
    "task": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "config": {
      "type": "string",
      "maxLength": 20000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "enabled": {
      "type": "boolean",
      "nullable": true,
      "required": false
    }
  },
  "updateCloudModel": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "provider": {
      "type": "string",
      "enum": [
        "huggingface",
        "openai"
      ],
      "required": false
    },
    "credential_id": {
      "type": "string",
      "required": false
    },
    "model_id": {
      "type": "string",
      "minLength": 1,
      "maxLength": 500,
      "pattern": "^[^\\s\\u0000-\\u001F\\u007F]+$",
      "required": false
    },
    "task": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "config": {
      "type": "string",
      "maxLength": 20000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "enabled": {
      "type": "boolean",
      "required": false
    }
  },
  "setCloudRecordingEnabled": {
    "enabled": {
      "type": "boolean",
      "required": true
    }
  },
  "updateCloudSettings": {
    "recording": {
      "type": "object",
      "required": false
    },
    "recording.enabled": {
      "type": "boolean",
      "required": false
    },
    "recording.use_byok": {
      "type": "boolean",
      "required": false
    },
    "recording.access_key": {
      "type": "string",
      "minLength": 1,
      "maxLength": 256,
      "pattern": "^[^\\s\\u0000-\\u001F\\u007F]+$",
      "nullable": true,
      "required": false
    },
    "recording.secret_key": {
      "type": "string",
      "maxLength": 256,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "recording.bucket": {
      "type": "string",
      "maxLength": 63,
      "pattern": "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$",
      "nullable": true,
      "required": false
    },
    "recording.region": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[A-Za-z0-9-_]+$",
      "nullable": true,
      "required": false
    },
    "recording.server_url": {
      "type": "string",
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^https?://[^\\s\\u0000-\\u001F\\u007F]+$",
      "nullable": true,
      "required": false
    },
    "recording.storage_class": {
      "type": "string",
      "maxLength": 32,
      "pattern": "^[A-Z][A-Z0-9_]{1,31}$",
      "nullable": true,
      "required": false
    },
    "streaming": {
      "type": "object",
      "required": false
    },
    "streaming.enabled": {
      "type": "boolean",
      "required": false
    },
    "streaming.protocol": {
      "type": "string",
      "enum": [
        "webrtc",
        "rtmp",
        "hls"
      ],
      "required": false
    },
    "streaming.video_codec": {
      "type": "string",
      "enum": [
        "h264",
        "h265",
        "vp9",
        "av1"
      ],
      "required": false
    },
    "streaming.encryption": {
      "type": "string",
      "enum": [
        "dtls-srtp",
        "none",
        "aes-128",
        "sample-aes"
      ],
      "required": false
    },
    "streaming.server_url": {
      "type": "string",
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^[a-z][a-z0-9+.-]*://[^\\s\\u0000-\\u001F\\u007F]+$",
      "nullable": true,
      "required": false
    },
    "streaming.auth_token": {
      "type": "string",
      "maxLength": 4096,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    }
  },
  "upsertStreamTarget": {
    "camera_id": {
      "type": "integer",
      "minimum": 1,
      "required": true
    },
    "target_id": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[A-Za-z0-9_.-]+$",
      "nullable": true,
      "required": false
    },
    "enabled": {
      "type": "boolean",
      "required": false
    },
    "protocol": {
      "type": "string",
      "enum": [
        "rtmp",
        "rtmps",
        "srt"
      ],
      "required": false
    },
    "server_url": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "stream_key": {
      "type": "string",
      "maxLength": 1000,
      "pattern": "^[^\\s\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "use_tls": {
      "type": "boolean",
      "required": false
    },
    "use_custom_ca": {
      "type": "boolean",
      "required": false
    },
    "video_codec": {
      "type": "string",
      "enum": [
        "copy",
        "libx264",
        "libx265"
      ],
      "required": false
    },
    "video_bitrate": {
      "type": "string",
      "maxLength": 16,
      "pattern": "^[0-9]+(\\.[0-9]+)?[kKmM]?$",
      "nullable": true,
      "required": false
    },
    "audio_codec": {
      "type": "string",
      "enum": [
        "aac",
        "copy"
      ],
      "required": false
    },
    "audio_bitrate": {
      "type": "string",
      "maxLength": 16,
      "pattern": "^[0-9]+(\\.[0-9]+)?[kKmM]?$",
      "nullable": true,
      "required": false
    },
    "max_reconnect_attempts": {
      "type": "integer",
      "minimum": 0,
      "maximum": 20,
      "required": false
    },
    "reconnect_delay_seconds": {
      "type": "integer",
      "minimum": 1,
      "maximum": 60,
      "required": false
    }
  },
  "setCloudStreamingEnabled": {
    "enabled": {
      "type": "boolean",
      "required": true
    }
  },
  "createFacePerson": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "images": {
      "type": "array",
      "maxItems": 10,
      "items": {
        "type": "string",
        "minLength": 1,
        "maxLength": 27962027,
        "pattern": "^[^\\u0000-\\u001F\\u007F]*$"
      },
      "required": true
    },
    "force": {
      "type": "boolean",
      "required": false
    }
  },
  "addFaceFromReviewItem": {
    "review_item_id": {
      "type": "integer",
      "minimum": 1,
      "required": true
    },
    "box": {
      "type": "integer",
      "minimum": 0,
      "nullable": true,
      "required": false
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "person_id": {
      "type": "string",
      "maxLength": 36,
      "pattern": "^[0-9a-f-]{36}$",
      "required": false
    },
    "force": {
      "type": "boolean",
      "required": false
    }
  },
  "renameFacePerson": {
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    }
  },
  "addFacePersonFaces": {
    "images": {
      "type": "array",
      "maxItems": 10,
      "items": {
        "type": "string",
        "minLength": 1,
        "maxLength": 27962027,
        "pattern": "^[^\\u0000-\\u001F\\u007F]*$"
      },
      "required": true
    },
    "force": {
      "type": "boolean",
      "required": false
    }
  },
  "mergeFacePersons": {
    "from": {
      "type": "string",
      "maxLength": 36,
      "pattern": "^[0-9a-f-]{36}$",
      "required": true
    }
  },
  "updateMqttSettings": {
    "enabled": {
      "type": "boolean",
      "required": false
    },
    "url": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "username": {
      "type": "string",
      "maxLength": 200,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "password": {
      "type": "string",
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "client_id": {
      "type": "string",
      "maxLength": 64,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "topic_prefix": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "discovery_prefix": {
      "type": "string",
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "discovery_enabled": {
      "type": "boolean",
      "required": false
    }
  },
  "createLayout": {
    "id": {
      "type": "string",
      "minLength": 1,
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "description": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "enabled": {
      "type": "boolean",
      "required": false
    },
    "grid_columns": {
      "type": "integer",
      "minimum": 1,
      "maximum": 8,
      "required": false
    },
    "grid_rows": {
      "type": "integer",
      "minimum": 1,
      "maximum": 8,
      "required": false
    },
    "tiles": {
      "type": "array",
      "maxItems": 64,
      "required": false
    }
  },
  "replaceLayout": {
    "id": {
      "type": "string",
      "minLength": 1,
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "description": {
      "type": "string",
      "maxLength": 2000,
      "pattern": "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$",
      "nullable": true,
      "required": false
    },
    "enabled": {
      "type": "boolean",
      "required": false
    },
    "grid_columns": {
      "type": "integer",
      "minimum": 1,
      "maximum": 8,
      "required": false
    },
    "grid_rows": {
      "type": "integer",
      "minimum": 1,
      "maximum": 8,
      "required": false
    },
    "tiles": {
      "type": "array",
      "maxItems": 64,
      "required": false
    }
  },
  "addOnvifCamera": {
    "xaddr": {
      "type": "string",
      "minLength": 1,
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "username": {
      "type": "string",
      "minLength": 1,
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "password": {
      "type": "string",
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "main_profile": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "sub_profile": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "nullable": true,
      "required": false
    },
    "force": {
      "type": "boolean",
      "required": false
    }
  },
  "inspectOnvifDevice": {
    "xaddr": {
      "type": "string",
      "minLength": 1,
      "maxLength": 500,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "username": {
      "type": "string",
      "minLength": 1,
      "maxLength": 50,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "password": {
      "type": "string",
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    }
  },
  "discoverOnvifDevices": {
    "timeout_ms": {
      "type": "integer",
      "minimum": 200,
      "maximum": 10000,
      "required": false
    },
    "interface": {
      "type": "string",
      "minLength": 7,
      "maxLength": 15,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    }
  },
  "markReviewItems": {
    "ids": {
      "type": "array",
      "maxItems": 1000,
      "required": false
    },
    "camera_id": {
      "type": "integer",
      "minimum": 1,
      "required": false
    },
    "label": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "zone": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "severity": {
      "type": "string",
      "enum": [
        "alert",
        "detection"
      ],
      "required": false
    },
    "start_unix": {
      "type": "integer",
      "minimum": 0,
      "required": false
    },
    "end_unix": {
      "type": "integer",
      "minimum": 0,
      "required": false
    },
    "reviewed": {
      "type": "boolean",
      "required": false
    }
  },
  "updateReviewItem": {
    "reviewed": {
      "type": "boolean",
      "required": true
    }
  },
  "updateRecordingSettings": {
    "retention_days": {
      "type": "integer",
      "minimum": 0,
      "maximum": 36500,
      "required": false
    },
    "min_free_disk_gb": {
      "type": "number",
      "minimum": 0,
      "maximum": 100000,
      "required": false
    },
    "recordings_root": {
      "type": "string",
      "maxLength": 4096,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    }
  },
  "declareSkill": {
    "consumer": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "params": {
      "type": "object",
      "nullable": true,
      "required": false
    }
  },
  "createBackup": {
    "secret_key": {
      "type": "string",
      "minLength": 12,
      "maxLength": 1024,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    }
  },
  "createUser": {
    "username": {
      "type": "string",
      "minLength": 3,
      "maxLength": 50,
      "pattern": "^[A-Za-z0-9_.-]+$",
      "required": true
    },
    "password": {
      "type": "string",
      "minLength": 8,
      "maxLength": 256,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    },
    "email": {
      "type": "string",
      "maxLength": 255,
      "nullable": true,
      "required": false
    },
    "is_active": {
      "type": "boolean",
      "required": false
    },
    "is_superuser": {
      "type": "boolean",
      "required": false
    }
  },
  "changeOwnPassword": {
    "current_password": {
      "type": "string",
      "minLength": 1,
      "maxLength": 256,
      "pattern": "^[^\\u0000]*$",
      "required": true
    },
    "new_password": {
      "type": "string",
      "minLength": 8,
      "maxLength": 256,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": true
    }
  },
  "updateUser": {
    "username": {
      "type": "string",
      "minLength": 3,
      "maxLength": 50,
      "pattern": "^[A-Za-z0-9_.-]+$",
      "required": false
    },
    "password": {
      "type": "string",
      "minLength": 8,
      "maxLength": 256,
      "pattern": "^[^\\u0000-\\u001F\\u007F]*$",
      "required": false
    },
    "email": {
      "type": "string",
      "maxLength": 255,
      "nullable": true,
      "required": false
    },
    "is_active": {
      "type": "boolean",
      "required": false
    },
    "is_superuser": {
      "type": "boolean",
      "required": false
    }
  }
} as const satisfies Record<string, Record<string, FieldBounds>>;
