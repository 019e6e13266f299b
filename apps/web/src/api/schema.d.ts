// Generated from apps/recorder/openapi.json by apps/web/scripts/generate-api.mjs: do not edit.
// `npm run openapi` writes them after a change of the recorder's routes.

export interface paths {
    "/api/v1/adapters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AI adapters the recorder routes work to, with their polled state (superuser) */
        get: operations["listAdapters"];
        put?: never;
        /** Register an adapter by URL (superuser); answers after its first poll */
        post: operations["registerAdapter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/adapters/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop using a registered adapter (superuser); ADAPTER_URLS ones are removed there */
        delete: operations["removeAdapter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/adapters/{name}/hardware": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The adapter's hardware verdict (ok, warn, blocked) with its reasoning (superuser); it times a frame per loaded model */
        get: operations["getAdapterHardware"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-detection-results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Detection results of cameras the caller may view, newest first */
        get: operations["listDetectionResults"];
        put?: never;
        /** Store a detection result (manage right on its camera); 404 for an unknown model or camera */
        post: operations["createDetectionResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-detection-results/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One detection result */
        get: operations["getDetectionResult"];
        put?: never;
        post?: never;
        /** Delete a detection result (manage right on its camera) */
        delete: operations["deleteDetectionResult"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AI models of cameras the caller may view */
        get: operations["listAiModels"];
        put?: never;
        /** Create an AI model record (manage right on its camera; without a camera: superuser) */
        post: operations["createAiModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-models/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One AI model */
        get: operations["getAiModel"];
        /** Partial update: only sent fields change; null clears a nullable field */
        put: operations["replaceAiModel"];
        post?: never;
        /** Delete the model and its detection results */
        delete: operations["deleteAiModel"];
        options?: never;
        head?: never;
        /** Partial update: only sent fields change; null clears a nullable field */
        patch: operations["updateAiModel"];
        trace?: never;
    };
    "/api/v1/ai-models/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The detection loop's view of the model (recording models: analysis progress)
         * @description On a cluster, a live model is answered by the node that runs its camera (this node forwards the request; 503 when that node cannot be reached); a recording model by each node for its own disk.
         */
        get: operations["getAiModelStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-models/{id}/try": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the model once on a camera's picture now and answer the result with the picture (manage right; nothing stored) */
        post: operations["tryAiModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Alerts the caller may see, newest first */
        get: operations["listAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge alerts: by ids (all or none), by filters, or everything in scope (empty body) */
        post: operations["acknowledgeAlerts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notification actions (superuser); secrets appear only as *_set flags */
        get: operations["getAlertActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Partial update of the notification actions (superuser) */
        patch: operations["updateAlertActions"];
        trace?: never;
    };
    "/api/v1/alerts/actions/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test notification on every channel now and report each outcome (superuser) */
        post: operations["testAlertActions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One alert */
        get: operations["getAlert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge one alert (again: no change) */
        post: operations["acknowledgeAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An alert's notification deliveries: attempts, outcome, next retry (superuser) */
        get: operations["listAlertDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registered apps (superuser) */
        get: operations["listApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register or update an app by manifest.id (superuser token or the app’s own key); wants_key returns a new API key once */
        post: operations["registerApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One registered app (superuser, or the app itself) */
        get: operations["getApp"];
        put?: never;
        post?: never;
        /** Remove an app; its key stops working at once */
        delete: operations["deleteApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Withdraw the approval: its key no longer authenticates (superuser) */
        post: operations["disableApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve the app: its key authenticates with the rights its manifest asks for */
        post: operations["enableApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit log, newest first (superuser) */
        get: operations["listAuditLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in (form-encoded OAuth2 password grant, or the same fields as JSON) */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log out: end the given refresh token's session, or without one every session of the caller */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trade a refresh token for a new token pair */
        post: operations["refreshTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in from the web app: the refresh token goes into an HttpOnly cookie, not the body */
        post: operations["startSession"];
        /** Sign out of the web app (this session, or with everywhere=true every session of the account) */
        delete: operations["endSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Renew the web app's access token with the session cookie (rotates the cookie)
         * @description 204 when the browser has no session cookie (the app then shows its sign-in; not an error), 401 when the cookie is no longer valid (it is cleared).
         */
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/camera-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a camera's stream config (409 config_exists if it has one) */
        post: operations["createCameraConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/camera-config/{camera_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A camera's stream config */
        get: operations["getCameraConfig"];
        /** Change a camera's stream config: only sent fields change */
        put: operations["replaceCameraConfig"];
        post?: never;
        /** Delete a camera's stream config */
        delete: operations["deleteCameraConfig"];
        options?: never;
        head?: never;
        /** Change a camera's stream config: only sent fields change */
        patch: operations["updateCameraConfig"];
        trace?: never;
    };
    "/api/v1/cameras": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cameras the caller may view, with search (q) and paging */
        get: operations["listCameras"];
        put?: never;
        /** Add a camera (409 duplicate_camera unless force=true) */
        post: operations["createCamera"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cameras in the bin */
        get: operations["listBinnedCameras"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One camera */
        get: operations["getCamera"];
        /** Change a camera: only sent fields change, null clears a nullable field */
        put: operations["replaceCamera"];
        post?: never;
        /** Move the camera to the bin (recordings are kept) */
        delete: operations["binCamera"];
        options?: never;
        head?: never;
        /** Change a camera: only sent fields change, null clears a nullable field */
        patch: operations["updateCamera"];
        trace?: never;
    };
    "/api/v1/cameras/{id}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A camera's stream config (alias of GET /camera-config/{camera_id}) */
        get: operations["getConfigOfCamera"];
        /** Change a camera's stream config (alias of PATCH /camera-config/{camera_id}) */
        put: operations["updateConfigOfCamera"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/device-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts on the camera (ONVIF GetUsers) */
        get: operations["listDeviceUsers"];
        put?: never;
        /** Create an account on the camera (ONVIF CreateUsers) */
        post: operations["createDeviceUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/device-users/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an account from the camera (ONVIF DeleteUsers; not the recorder's own) */
        delete: operations["deleteDeviceUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/hard-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a binned camera and its recordings for good (phrase: hard delete <name> and it's recording) */
        post: operations["hardDeleteCamera"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/live/index.m3u8": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live low-latency HLS (fMP4 parts), started on demand and shared by every viewer of the camera
         * @description The multivariant playlist players open; its one variant is `media.m3u8` (the media playlist). With `?ticket=`, every URI carries the same ticket. `?stream=sub` plays the substream (grid tiles; the main stream when the camera has none). 503 when the camera cannot be read or sends nothing in time. On a recorder node that does not run the camera, the node that does answers it through this one (header x-nvr-node); 503 naming that node when it cannot be reached.
         */
        get: operations["getLivePlaylist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/live/media.m3u8": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The live media playlist: segments, ~200 ms parts and a preload hint (LL-HLS)
         * @description `_HLS_msn` (and `_HLS_part`) ask for a blocking reload: the answer waits until that segment (or part) is listed; 400 when it is more than two segments ahead, 503 when it does not come within a few seconds. `?ticket=` and `?stream=` as for index.m3u8.
         */
        get: operations["getLiveMediaPlaylist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/live/whep": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * WebRTC live view (WHEP): SDP offer in, SDP answer out; needs webrtc_publisher
         * @description The request body is the SDP offer (`Content-Type: application/sdp`). The answer comes back as application/sdp with the session URL in `Location`; DELETE that URL to end the session. On a recorder node that does not run the camera, the node that does answers it through this one (header x-nvr-node); 503 naming that node when it cannot be reached. The media then flows between the browser and that node directly.
         */
        post: operations["createWhepSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/live/whep/{session}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Ends a WHEP session
         * @description On a recorder node that does not run the camera, the node that does answers it through this one (header x-nvr-node); 503 naming that node when it cannot be reached.
         */
        delete: operations["deleteWhepSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/live/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A live init section, part or segment named by the live playlist
         * @description `init-<n>.mp4` (the fMP4 init section of packager run n), `part-<n>.m4s` (partial segment n, numbered across segments; the one the playlist hints at next is waited for) or `seg-<n>.m4s` (a whole segment), all sent as video/mp4; one `Range: bytes=` range may be asked for (206). On a recorder node that does not run the camera, the node that does answers it through this one (header x-nvr-node); 503 naming that node when it cannot be reached.
         */
        get: operations["getLiveSegment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/motion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A camera's motion detection settings and whether it is in motion now (view right) */
        get: operations["getCameraMotion"];
        /** Replace a camera's motion detection settings (manage right); applied at once */
        put: operations["replaceCameraMotion"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/motion/boxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The moving areas of the newest picture a camera's motion detection analysed (view right) */
        get: operations["getCameraMotionBoxes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/my-rights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the caller may do to the camera (view right) */
        get: operations["getMyCameraRights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who may view or manage the camera, owner first (manage right) */
        get: operations["listCameraPermissions"];
        put?: never;
        /** Grant or change a user’s rights on the camera (owner or superuser) */
        post: operations["grantCameraPermission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/permissions/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a user's rights on the camera (owner or superuser) */
        delete: operations["revokeCameraPermission"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the camera’s pan/tilt/zoom can do over ONVIF, and its presets (view right) */
        get: operations["getCameraPtz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a continuous pan/tilt/zoom move at the given speeds (ONVIF ContinuousMove; manage right) */
        post: operations["moveCameraPtz"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The camera’s PTZ presets (ONVIF GetPresets; view right) */
        get: operations["listCameraPtzPresets"];
        put?: never;
        /** Store the current position as a named preset (ONVIF SetPreset; manage right) */
        post: operations["createCameraPtzPreset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/presets/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a preset (ONVIF RemovePreset; manage right) */
        delete: operations["deleteCameraPtzPreset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/presets/{token}/goto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move to a preset (ONVIF GotoPreset; manage right) */
        post: operations["gotoCameraPtzPreset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop every pan/tilt/zoom movement (ONVIF Stop; manage right) */
        post: operations["stopCameraPtz"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take a camera out of the bin (409 duplicate_camera unless force=true) */
        post: operations["restoreCamera"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/review-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A camera's review settings: pre- and post-roll, how long incidents are kept (view right) */
        get: operations["getCameraReviewSettings"];
        /** Replace a camera's review settings (manage right) */
        put: operations["replaceCameraReviewSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current picture of the camera (JPEG)
         * @description On a recorder node that does not run the camera, the node that does answers it through this one (header x-nvr-node); 503 naming that node when it cannot be reached.
         */
        get: operations["getCameraSnapshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/stream-ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A short-lived media ticket for players that cannot send headers */
        post: operations["createStreamTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/transport-security": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the camera's transport-security policy (operator-set: probes no longer change it) */
        put: operations["setTransportSecurityPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/transport-security/probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Probe the camera for RTSPS (TLS handshake) and let the policy follow unless operator-set */
        post: operations["probeTransportSecurity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/zones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A camera's zones, the labels they watch and their alert rules (view right) */
        get: operations["getCameraZones"];
        /** Replace a camera's zones (manage right); applied at once */
        put: operations["replaceCameraZones"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orchestrator state and every adapter: status, tasks, model; for superusers also URL, health, capability card and last error */
        get: operations["getCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's provider credentials (never the token) */
        get: operations["listCloudCredentials"];
        put?: never;
        /** Store a provider credential for the caller (the token is write-only; a custom endpoint is superuser-only) */
        post: operations["createCloudCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/credentials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's provider credentials (never the token) */
        get: operations["getCloudCredential"];
        put?: never;
        post?: never;
        /** Delete a credential (409 while a cloud model uses it) */
        delete: operations["deleteCloudCredential"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/inference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run one inference on a cloud model now (failed provider calls answer 200 with status failed) */
        post: operations["runCloudInference"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's jobs, newest first */
        get: operations["listCloudJobs"];
        put?: never;
        /** Queue an inference job on a cloud model (202, status queued) */
        post: operations["createCloudJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's jobs and its status (result_id once done) */
        get: operations["getCloudJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a queued or running job (409 once it has ended) */
        post: operations["cancelCloudJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's provider models */
        get: operations["listCloudModels"];
        put?: never;
        /** Register a provider model with one of the caller's credentials */
        post: operations["createCloudModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/models/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's provider models */
        get: operations["getCloudModel"];
        /** Update a provider model (omitted fields keep their value) */
        put: operations["updateCloudModel"];
        post?: never;
        /** Delete a provider model */
        delete: operations["deleteCloudModel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/recording/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Switch cloud recording upload on or off (superuser) */
        put: operations["setCloudRecordingEnabled"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/recording/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cloud recording upload queue: pending, uploaded, failed, last error, last success (superuser) */
        get: operations["getCloudRecordingStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/results/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored cloud inference result of the caller */
        get: operations["getCloudResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cloud recording and streaming settings (superuser); secrets only as *_set flags */
        get: operations["getCloudSettings"];
        /** Update the cloud settings (superuser); omitted fields keep, null clears, blank secrets keep */
        put: operations["updateCloudSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/stream-targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stream targets of the cameras the caller may manage (never the stream key) */
        get: operations["listStreamTargets"];
        put?: never;
        /** Create a stream target, or update the one with this target_id (201 created, 200 updated); only a superuser creates one under a target_id of their choosing */
        post: operations["upsertStreamTarget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/stream-targets/{target_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One stream target (never the stream key) */
        get: operations["getStreamTarget"];
        put?: never;
        post?: never;
        /** Stop and delete a stream target */
        delete: operations["deleteStreamTarget"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/stream-targets/{target_id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable the target and start pushing (409 while cloud streaming is off) */
        post: operations["startStreamTarget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/stream-targets/{target_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stream target's push state: connection state, failures, last error */
        get: operations["getStreamTargetStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/stream-targets/{target_id}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable the target and stop pushing */
        post: operations["stopStreamTarget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud/streaming/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Switch cloud streaming (the stream targets) on or off (superuser) */
        put: operations["setCloudStreamingEnabled"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Newest stored incidents (detections and alerts) the caller may see */
        get: operations["listLatestEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live events as Server-Sent Events, or as a WebSocket on the same path
         * @description Server-Sent Events: `id:` is the event id, `event:` its type, `data:` the event as JSON (the shape of an item of /events/latest); a `: heartbeat` comment every 15 s; `event: lagged` when a slow client lost events. On reconnect, `Last-Event-ID` (or `?last_event_id=`) replays the stored events after that id.
         *
         *     The same URL upgrades to a WebSocket (`Upgrade: websocket`, answered 101): one JSON message per event, of the same shape, plus `{"type":"lagged","dropped":n}`; the client may send `{"action":"subscribe","camera_ids":[…],"types":[…]}` to change its filter (answered `{"type":"subscribed",…}`) or `{"action":"ping"}` (answered `{"type":"pong"}`).
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A single-use, 30-second ticket for opening the event stream without headers */
        post: operations["createEventsTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/faces/persons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** People in the face gallery of the adapter serving face_recognition (superuser) */
        get: operations["listFacePersons"];
        put?: never;
        /** Register a person from 1-10 pictures, each showing exactly one face (superuser) */
        post: operations["createFacePerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/faces/persons/from-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register the face in a review item's snapshot, cropped around one of its boxes, as a new person (name) or another face of one (person_id) (superuser) */
        post: operations["addFaceFromReviewItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/faces/persons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One person of the face gallery (superuser) */
        get: operations["getFacePerson"];
        put?: never;
        post?: never;
        /** Remove a person and their faces from the gallery (superuser) */
        delete: operations["deleteFacePerson"];
        options?: never;
        head?: never;
        /** Rename a person of the face gallery (superuser) */
        patch: operations["renameFacePerson"];
        trace?: never;
    };
    "/api/v1/faces/persons/{id}/faces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add 1-10 pictures of a registered person (superuser) */
        post: operations["addFacePersonFaces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/faces/persons/{id}/faces/{faceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one face; 204 when it was the person's last (the person goes with it) (superuser) */
        delete: operations["deleteFacePersonFace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/faces/persons/{id}/faces/{faceId}/crop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The JPEG crop of one registered face, at most 160 px (superuser) */
        get: operations["getFacePersonFaceCrop"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/faces/persons/{id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge another person (the same one registered twice) into this one: their faces move here, they go (superuser) */
        post: operations["mergeFacePersons"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/mqtt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** MQTT settings in effect and the connection state (superuser); the password only as password_set */
        get: operations["getMqttSettings"];
        /** Change the stored MQTT settings (superuser); MQTT_* variables win and cannot be changed here */
        put: operations["updateMqttSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/layouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's window layouts */
        get: operations["listLayouts"];
        put?: never;
        /** Create a window layout (tiles must lie inside the grid and not overlap) */
        post: operations["createLayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/layouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's window layouts */
        get: operations["getLayout"];
        /** Replace a window layout */
        put: operations["replaceLayout"];
        post?: never;
        /** Delete a window layout */
        delete: operations["deleteLayout"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media-source/tls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The media-source TLS material: certificate details, whether a key is set, the CA bundle (superuser) */
        get: operations["getMediaTls"];
        put?: never;
        /** Upload cert_file, key_file and/or ca_bundle_file (multipart, PEM, superuser); the key is stored encrypted and never returned */
        post: operations["uploadMediaTls"];
        /** Remove all media-source TLS material */
        delete: operations["deleteMediaTls"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The recorder nodes sharing this database, with the cameras each runs (superuser) */
        get: operations["listNodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/nodes/{node_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a node that is offline, or drained and holding no camera (superuser) */
        delete: operations["removeNode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/nodes/{node_id}/drain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move every camera off a node, each with a recording gap shorter than one chunk (superuser) */
        post: operations["drainNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/nodes/{node_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Let a drained node take cameras again (superuser) */
        post: operations["resumeNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onvif/cameras": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a camera from an ONVIF device: streams from its profiles, device fields filled, main stream read first */
        post: operations["addOnvifCamera"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onvif/devices/inspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Device information, media profiles, stream and snapshot URIs of an ONVIF device */
        post: operations["inspectOnvifDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onvif/discovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WS-Discovery probe for ONVIF cameras on the LAN; answers after timeout_ms (superuser) */
        post: operations["discoverOnvifDevices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** MP4 chunks overlapping [start_unix, end_unix] (default: the last 24 h), oldest first */
        get: operations["listRecordings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A camera's detections or motion in a range (at most 31 days) as time ranges, those closer than min_gap_seconds merged
         * @description For timelines: however many detection results or motions the range holds, the answer has at most 2,000 ranges (merged in the database). View right on the camera; 404 for a camera the caller may not view.
         */
        get: operations["getRecordingActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/chunks/{chunk}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One chunk (video/mp4, HTTP Range)
         * @description The chunk file. One `Range: bytes=` range may be asked for (206); `?ticket=` (a media ticket) works in place of the Authorization header. Footage on another recorder node's disk is answered by that node through this one (header x-nvr-node); 503 naming the node when it cannot be reached.
         */
        get: operations["getRecordingChunk"];
        put?: never;
        post?: never;
        /**
         * Delete one chunk and its file (manage right)
         * @description A chunk on another recorder node is deleted by that node.
         */
        delete: operations["deleteRecordingChunk"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/chunks/{chunk}/h264/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A segment of an H.265 chunk's H.264 transcode (recorded H.265 for browsers without HEVC)
         * @description Named by the playlist asked with `video=h264`: `init.mp4` or `<n>.m4s` (n × 4 s into the chunk). The chunk is transcoded on demand, once, and the answer waits until the segment is written (up to 30 s); 404 for a segment the chunk does not have. Footage on another recorder node's disk is answered by that node through this one (header x-nvr-node); 503 naming the node when it cannot be reached.
         */
        get: operations["getTranscodedChunkSegment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recorded spans of a range (at most 31 days), chunks closer than min_gap_seconds merged
         * @description For timelines and calendars: ask with min_gap_seconds about one pixel of the drawn range, and the answer has at most one span per pixel however many chunks the range holds.
         */
        get: operations["getRecordingCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One MP4 of the range (at most 4 h), trimmed to it, as an attachment
         * @description start_unix and end_unix are both required here. One `Range: bytes=` range may be asked for (206). Footage on another recorder node's disk is answered by that node through this one (header x-nvr-node); 503 naming the node when it cannot be reached.
         */
        get: operations["exportRecording"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/in-progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chunk being recorded now, as far as whole fragments are written
         * @description Not in the index until it closes. `size_bytes` is what may be read of it now (the init section and every whole fragment), `duration_seconds` the video in them; 404 when the camera is not being recorded or nothing whole is written yet. Footage on another recorder node's disk is answered by that node through this one (header x-nvr-node); 503 naming the node when it cannot be reached.
         */
        get: operations["getRecordingInProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/in-progress/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chunk being recorded (video/mp4, HTTP Range), up to its last whole fragment
         * @description Named as `GET …/in-progress` and the playlist name it. While it is written the file ends at its last whole fragment (a range beyond is 416); once closed the whole chunk is answered. One `Range: bytes=` range may be asked for (206); `?ticket=` (a media ticket) works in place of the Authorization header. Footage on another recorder node's disk is answered by that node through this one (header x-nvr-node); 503 naming the node when it cannot be reached.
         */
        get: operations["getRecordingInProgressFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/integrity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Re-hash the stored chunks of a range (default: the last hour, at most 24 h) against the evidence chain
         * @description Each chunk: ok, altered, missing, deleted (with why and by whom), unchained or elsewhere; the chain: its links, holes (unexplained gaps) and latest signed head (docs/evidence.md). Footage on another recorder node's disk is answered by that node through this one (header x-nvr-node); 503 naming the node when it cannot be reached.
         */
        get: operations["checkRecordingIntegrity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/playlist.m3u8": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * HLS VOD playlist over the chunks of a range (plays in browsers with hls.js)
         * @description With `?ticket=`, the chunk URIs in the playlist carry the same ticket. Chunks on other recorder nodes play through this one. Footage on another recorder node's disk is answered by that node through this one (header x-nvr-node); 503 naming the node when it cannot be reached.
         */
        get: operations["getRecordingPlaylist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{camera_id}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A scrub preview: the keyframe at or before an instant, as a small JPEG
         * @description From the chunk that holds `at_ms`; 404 where nothing was recorded, 503 (with retry-after) when the recorder is too busy to decode it in time. Cacheable: recorded footage does not change. Footage on another recorder node's disk is answered by that node through this one (header x-nvr-node); 503 naming the node when it cannot be reached.
         */
        get: operations["getRecordingThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/review-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Incidents to review, newest first, of the cameras the caller may view */
        get: operations["listReviewItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/review-items/reviewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark review items reviewed (or not): the ids given, or every item matching the filters */
        post: operations["markReviewItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/review-items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One review item */
        get: operations["getReviewItem"];
        put?: never;
        post?: never;
        /** Delete a review item with its snapshot and clip (manage right); the footage stays */
        delete: operations["deleteReviewItem"];
        options?: never;
        head?: never;
        /** Mark one review item reviewed or not (view right) */
        patch: operations["updateReviewItem"];
        trace?: never;
    };
    "/api/v1/review-items/{id}/clip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The clip, pre-roll to post-roll (MP4, HTTP Range)
         * @description `?ticket=` (a media ticket) works in place of the Authorization header.
         */
        get: operations["getReviewItemClip"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/review-items/{id}/snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The snapshot, boxes drawn (JPEG)
         * @description `?ticket=` (a media ticket) works in place of the Authorization header.
         */
        get: operations["getReviewItemSnapshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/review-items/{id}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The snapshot, 320 px wide (JPEG)
         * @description `?ticket=` (a media ticket) works in place of the Authorization header.
         */
        get: operations["getReviewItemThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/recording": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retention and free-disk floor of the recordings (superuser) */
        get: operations["getRecordingSettings"];
        /** Change retention and the free-disk floor (superuser) */
        put: operations["updateRecordingSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/recording/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Disk use of the recordings: their bytes, the volume free and total, the floor (superuser) */
        get: operations["getRecordingUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Skills in use on the cameras the caller may view, with their consumers */
        get: operations["listSkills"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/skills/{skill_id}/cameras/{camera_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Declare that a consumer uses this skill on the camera */
        put: operations["declareSkill"];
        post?: never;
        /** Remove a consumer's declaration (the assignment goes when none remain) */
        delete: operations["undeclareSkill"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Download the configuration, encrypted under a key derived from secret_key (superuser) */
        post: operations["createBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a configuration backup (multipart file + secret_key; superuser). All or nothing; ?dry_run=true only reports */
        post: operations["restoreBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/signing-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public half of the recorder's evidence signing key and its fingerprint
         * @description Evidence exports and the chain heads are signed with this Ed25519 key (docs/evidence.md); its private half never leaves the recorder. Write the fingerprint down: `npm run verify -- <file> --key <it>`.
         */
        get: operations["getSigningKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** User accounts, with paging (superuser) */
        get: operations["listUsers"];
        put?: never;
        /** Create a user account (superuser; 409 if the username is taken) */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the caller's own password (the current one is required) */
        put: operations["changeOwnPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One user account (superuser) */
        get: operations["getUser"];
        /** Change a user account (superuser) */
        put: operations["updateUser"];
        post?: never;
        /** Deactivate a user and end their sessions */
        delete: operations["deactivateUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/camera-permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's rights on every camera not in the bin, owned ones included (superuser) */
        get: operations["listUserCameraPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the recorder answers, and its version */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (text format); the METRICS_TOKEN bearer token or a superuser
         * @description Every series, its labels and the alert rules are described in docs/metrics.md. Without a token, or with a token that is neither METRICS_TOKEN nor a valid access token: 401; a user who is not a superuser: 403.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorResponse: {
            detail: string | {
                loc: (string | number)[];
                msg: string;
                type: string;
            }[] | ({
                code: string;
                message: string;
            } & {
                [key: string]: unknown;
            });
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listAdapters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        adapters: {
                            name: string;
                            url: string;
                            /** @enum {string} */
                            source: "config" | "api";
                            /** @enum {string} */
                            status: "unknown" | "available" | "unavailable";
                            tasks: string[];
                            model: {
                                name: string;
                                version: string;
                                fingerprint: string;
                            } | null;
                            detector: boolean;
                            /** @enum {string} */
                            frame_transport: "uri" | "inline";
                            inflight: number;
                            consecutive_failures: number;
                            /** Format: date-time */
                            last_seen_at: string | null;
                            last_error: string | null;
                            token_set: boolean;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    registerAdapter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    url: string;
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        url: string;
                        /** @enum {string} */
                        source: "config" | "api";
                        /** @enum {string} */
                        status: "unknown" | "available" | "unavailable";
                        tasks: string[];
                        model: {
                            name: string;
                            version: string;
                            fingerprint: string;
                        } | null;
                        detector: boolean;
                        /** @enum {string} */
                        frame_transport: "uri" | "inline";
                        inflight: number;
                        consecutive_failures: number;
                        /** Format: date-time */
                        last_seen_at: string | null;
                        last_error: string | null;
                        token_set: boolean;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    removeAdapter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAdapterHardware: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        verdict: "ok" | "warn" | "blocked";
                        reasoning: string;
                        checked_at: string | null;
                        details: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listDetectionResults: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
                model_id?: number;
                camera_id?: number;
                task?: string;
                since?: string;
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            id: number;
                            model_id: number;
                            task: string;
                            /** Format: date-time */
                            created_at: string;
                            model_name: string | null;
                            camera_id: number | null;
                            label: string | null;
                            caption: string | null;
                            annotated_image_uri: string | null;
                            confidence: number | null;
                            count: number | null;
                            bbox_x: number | null;
                            bbox_y: number | null;
                            bbox_width: number | null;
                            bbox_height: number | null;
                            latency_ms: number | null;
                            /** Format: date-time */
                            executed_at: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createDetectionResult: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model_id: number;
                    task: string;
                    camera_id?: number | null;
                    label?: string | null;
                    caption?: string | null;
                    annotated_image_uri?: string | null;
                    confidence?: number | null;
                    count?: number | null;
                    bbox_x?: number | null;
                    bbox_y?: number | null;
                    bbox_width?: number | null;
                    bbox_height?: number | null;
                    latency_ms?: number | null;
                    /** Format: date-time */
                    executed_at?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        model_id: number;
                        task: string;
                        /** Format: date-time */
                        created_at: string;
                        model_name: string | null;
                        camera_id: number | null;
                        label: string | null;
                        caption: string | null;
                        annotated_image_uri: string | null;
                        confidence: number | null;
                        count: number | null;
                        bbox_x: number | null;
                        bbox_y: number | null;
                        bbox_width: number | null;
                        bbox_height: number | null;
                        latency_ms: number | null;
                        /** Format: date-time */
                        executed_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getDetectionResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        model_id: number;
                        task: string;
                        /** Format: date-time */
                        created_at: string;
                        model_name: string | null;
                        camera_id: number | null;
                        label: string | null;
                        caption: string | null;
                        annotated_image_uri: string | null;
                        confidence: number | null;
                        count: number | null;
                        bbox_x: number | null;
                        bbox_y: number | null;
                        bbox_width: number | null;
                        bbox_height: number | null;
                        latency_ms: number | null;
                        /** Format: date-time */
                        executed_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteDetectionResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listAiModels: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
                enabled?: boolean;
                task?: string;
                camera_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        models: {
                            id: number;
                            name: string;
                            model_name: string;
                            task: string;
                            enabled: boolean;
                            source_type: string;
                            /** Format: date-time */
                            created_at: string;
                            assigned_camera_id: number | null;
                            config: string | null;
                            inference_interval: number | null;
                            recording_path: string | null;
                            /** Format: date-time */
                            updated_at: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createAiModel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    model_name: string;
                    task: string;
                    /** @default true */
                    enabled?: boolean;
                    /**
                     * @default live
                     * @enum {string}
                     */
                    source_type?: "live" | "recording";
                    /** @default 2 */
                    inference_interval?: number | null;
                    assigned_camera_id?: number | null;
                    config?: string | null;
                    recording_path?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        model_name: string;
                        task: string;
                        enabled: boolean;
                        source_type: string;
                        /** Format: date-time */
                        created_at: string;
                        assigned_camera_id: number | null;
                        config: string | null;
                        inference_interval: number | null;
                        recording_path: string | null;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAiModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        model_name: string;
                        task: string;
                        enabled: boolean;
                        source_type: string;
                        /** Format: date-time */
                        created_at: string;
                        assigned_camera_id: number | null;
                        config: string | null;
                        inference_interval: number | null;
                        recording_path: string | null;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    replaceAiModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    model_name?: string;
                    task?: string;
                    enabled?: boolean;
                    /** @enum {string} */
                    source_type?: "live" | "recording";
                    inference_interval?: number | null;
                    assigned_camera_id?: number | null;
                    config?: string | null;
                    recording_path?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        model_name: string;
                        task: string;
                        enabled: boolean;
                        source_type: string;
                        /** Format: date-time */
                        created_at: string;
                        assigned_camera_id: number | null;
                        config: string | null;
                        inference_interval: number | null;
                        recording_path: string | null;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteAiModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateAiModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    model_name?: string;
                    task?: string;
                    enabled?: boolean;
                    /** @enum {string} */
                    source_type?: "live" | "recording";
                    inference_interval?: number | null;
                    assigned_camera_id?: number | null;
                    config?: string | null;
                    recording_path?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        model_name: string;
                        task: string;
                        enabled: boolean;
                        source_type: string;
                        /** Format: date-time */
                        created_at: string;
                        assigned_camera_id: number | null;
                        config: string | null;
                        inference_interval: number | null;
                        recording_path: string | null;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAiModelStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        state: "running" | "idle" | "no_adapter" | "camera_offline" | "error";
                        /** Format: date-time */
                        last_run_at: string | null;
                        runs: number;
                        failures: number;
                        last_error: string | null;
                        progress: {
                            files_total: number;
                            files_done: number;
                            frames_analysed: number;
                            current_file: string | null;
                            completed: boolean;
                        } | null;
                        waiting_for_motion: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tryAiModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    camera_id?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        task: string;
                        adapter: string;
                        camera_id: number;
                        label: string | null;
                        caption: string | null;
                        confidence: number | null;
                        count: number | null;
                        latency_ms: number | null;
                        detections: {
                            label: string;
                            confidence: number;
                            bbox: number[];
                        }[];
                        frame: {
                            width: number;
                            height: number;
                        } | null;
                        image: string;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listAlerts: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
                acknowledged?: boolean;
                severity?: "info" | "low" | "medium" | "high" | "critical";
                source_name?: string;
                camera_id?: number;
                since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alerts: {
                            id: number;
                            camera_id: number | null;
                            source_name: string;
                            /** @enum {string} */
                            severity: "info" | "low" | "medium" | "high" | "critical";
                            title: string;
                            message: string;
                            /** Format: date-time */
                            created_at: string;
                            acknowledged: boolean;
                            /** Format: date-time */
                            acknowledged_at: string | null;
                            acknowledged_by: string | null;
                            data: {
                                [key: string]: unknown;
                            };
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    acknowledgeAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids?: number[] | null;
                    /** @enum {string|null} */
                    severity?: "info" | "low" | "medium" | "high" | "critical" | null;
                    source_name?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acknowledged: number;
                        already_acknowledged: number;
                        ids: number[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAlertActions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        min_severity: "info" | "low" | "medium" | "high" | "critical";
                        webhook: {
                            enabled: boolean;
                            url: string | null;
                            secret_set: boolean;
                            headers: {
                                [key: string]: string;
                            };
                        };
                        telephony: {
                            enabled: boolean;
                            account_sid: string | null;
                            auth_token_set: boolean;
                            from_number: string | null;
                            to_numbers: string[];
                            base_url: string;
                        };
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateAlertActions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string|null} */
                    min_severity?: "info" | "low" | "medium" | "high" | "critical" | null;
                    webhook?: {
                        enabled?: boolean | null;
                        url?: string | null;
                        secret?: string | null;
                        headers?: {
                            [key: string]: string;
                        } | null;
                    } | null;
                    telephony?: {
                        enabled?: boolean | null;
                        account_sid?: string | null;
                        auth_token?: string | null;
                        from_number?: string | null;
                        to_numbers?: string[] | null;
                        base_url?: string | null;
                    } | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        min_severity: "info" | "low" | "medium" | "high" | "critical";
                        webhook: {
                            enabled: boolean;
                            url: string | null;
                            secret_set: boolean;
                            headers: {
                                [key: string]: string;
                            };
                        };
                        telephony: {
                            enabled: boolean;
                            account_sid: string | null;
                            auth_token_set: boolean;
                            from_number: string | null;
                            to_numbers: string[];
                            base_url: string;
                        };
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    testAlertActions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            channel: string;
                            target: string | null;
                            outcome: string;
                            status_code: number | null;
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number | null;
                        source_name: string;
                        /** @enum {string} */
                        severity: "info" | "low" | "medium" | "high" | "critical";
                        title: string;
                        message: string;
                        /** Format: date-time */
                        created_at: string;
                        acknowledged: boolean;
                        /** Format: date-time */
                        acknowledged_at: string | null;
                        acknowledged_by: string | null;
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    acknowledgeAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number | null;
                        source_name: string;
                        /** @enum {string} */
                        severity: "info" | "low" | "medium" | "high" | "critical";
                        title: string;
                        message: string;
                        /** Format: date-time */
                        created_at: string;
                        acknowledged: boolean;
                        /** Format: date-time */
                        acknowledged_at: string | null;
                        acknowledged_by: string | null;
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listAlertDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            id: number;
                            alert_id: number;
                            channel: string;
                            target: string;
                            status: string;
                            attempts: number;
                            /** Format: date-time */
                            next_attempt_at: string | null;
                            last_status_code: number | null;
                            last_error: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: date-time */
                            delivered_at: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listApps: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apps: {
                            id: string;
                            name: string;
                            version: string;
                            url: string;
                            sdk_version: string | null;
                            manifest: {
                                [key: string]: unknown;
                            };
                            permissions: string[];
                            enabled: boolean;
                            user_id: number | null;
                            key_set: boolean;
                            /** Format: date-time */
                            key_created_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    registerApp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    manifest: {
                        id: string;
                        name: string;
                        version: string;
                        permissions?: "admin"[];
                    } & {
                        [key: string]: unknown;
                    };
                    sdk_version?: string | null;
                    /** @default false */
                    wants_key?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        version: string;
                        url: string;
                        sdk_version: string | null;
                        manifest: {
                            [key: string]: unknown;
                        };
                        permissions: string[];
                        enabled: boolean;
                        user_id: number | null;
                        key_set: boolean;
                        /** Format: date-time */
                        key_created_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    } & {
                        api_key?: string;
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        version: string;
                        url: string;
                        sdk_version: string | null;
                        manifest: {
                            [key: string]: unknown;
                        };
                        permissions: string[];
                        enabled: boolean;
                        user_id: number | null;
                        key_set: boolean;
                        /** Format: date-time */
                        key_created_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    } & {
                        api_key?: string;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        version: string;
                        url: string;
                        sdk_version: string | null;
                        manifest: {
                            [key: string]: unknown;
                        };
                        permissions: string[];
                        enabled: boolean;
                        user_id: number | null;
                        key_set: boolean;
                        /** Format: date-time */
                        key_created_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    disableApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        version: string;
                        url: string;
                        sdk_version: string | null;
                        manifest: {
                            [key: string]: unknown;
                        };
                        permissions: string[];
                        enabled: boolean;
                        user_id: number | null;
                        key_set: boolean;
                        /** Format: date-time */
                        key_created_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    enableApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        version: string;
                        url: string;
                        sdk_version: string | null;
                        manifest: {
                            [key: string]: unknown;
                        };
                        permissions: string[];
                        enabled: boolean;
                        user_id: number | null;
                        key_set: boolean;
                        /** Format: date-time */
                        key_created_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listAuditLogs: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
                action?: string;
                entity_type?: string;
                entity_id?: string;
                user_id?: number;
                since?: string;
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        logs: {
                            id: number;
                            /** Format: date-time */
                            timestamp: string;
                            action: string;
                            details: {
                                [key: string]: unknown;
                            } | string | (never | null);
                            entity_id: string | null;
                            entity_type: string | null;
                            ip: string | null;
                            user_agent: string | null;
                            username: string | null;
                            user_id: number | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    username: string;
                    password: string;
                    grant_type?: string | null;
                    /** @default  */
                    scope?: string;
                    client_id?: string | null;
                    client_secret?: string | null;
                };
                "application/json": {
                    username: string;
                    password: string;
                    grant_type?: string | null;
                    /** @default  */
                    scope?: string;
                    client_id?: string | null;
                    client_secret?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        refresh_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        expires_in: number;
                        refresh_expires_in: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many attempts; try again later */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        username: string;
                        email: string | null;
                        is_active: boolean;
                        is_superuser: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** Format: date-time */
                        last_login_at: string | null;
                        /** @description the account still has the password the recorder generated on first start */
                        password_change_required: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    refreshTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        refresh_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        expires_in: number;
                        refresh_expires_in: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    startSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    username: string;
                    password: string;
                    grant_type?: string | null;
                    /** @default  */
                    scope?: string;
                    client_id?: string | null;
                    client_secret?: string | null;
                };
                "application/json": {
                    username: string;
                    password: string;
                    grant_type?: string | null;
                    /** @default  */
                    scope?: string;
                    client_id?: string | null;
                    client_secret?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @description seconds until the access token expires */
                        expires_in: number;
                        username: string;
                        is_superuser: boolean;
                        /** @description still the password generated on first start: the app asks for a new one */
                        password_change_required: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many attempts; try again later */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    endSession: {
        parameters: {
            query?: {
                /** @description end every session of the account, not only this one */
                everywhere?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @description seconds until the access token expires */
                        expires_in: number;
                        username: string;
                        is_superuser: boolean;
                        /** @description still the password generated on first start: the app asks for a new one */
                        password_change_required: boolean;
                    };
                };
            };
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createCameraConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    camera_id: number;
                    /** @default true */
                    auto_restart?: boolean;
                    /** @default 3 */
                    max_restart_attempts?: number;
                    /** @default false */
                    proxy_enabled?: boolean;
                    /** @default false */
                    recording_enabled?: boolean;
                    recording_path?: string | null;
                    /** @default 60 */
                    recording_segment_seconds?: number;
                    /** @default false */
                    rtmp_publisher?: boolean;
                    /** @default false */
                    webrtc_publisher?: boolean;
                    rtsp_transport?: string | null;
                    source_url?: string | null;
                    extra_options?: string | null;
                    /**
                     * @default rtsp
                     * @enum {string}
                     */
                    stream_protocol?: "rtsp" | "rtmp" | "webrtc";
                    /** @enum {string} */
                    transport_security?: "rtsps_required" | "rtsps_preferred" | "plaintext_allowed";
                    /**
                     * @default sub
                     * @enum {string}
                     */
                    detect_stream?: "main" | "sub";
                    /**
                     * @default sub
                     * @enum {string}
                     */
                    grid_stream?: "main" | "sub";
                    /** @default true */
                    detection_enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        auto_restart: boolean;
                        max_restart_attempts: number;
                        proxy_enabled: boolean;
                        recording_enabled: boolean;
                        recording_path: string | null;
                        recording_segment_seconds: number;
                        rtmp_publisher: boolean;
                        webrtc_publisher: boolean;
                        rtsp_transport: string | null;
                        source_url: string | null;
                        extra_options: string | null;
                        stream_protocol: string;
                        transport_security: string;
                        /** Format: date-time */
                        last_provisioned_at: string | null;
                        /** Format: date-time */
                        last_stream_start: string | null;
                        stream_active: boolean;
                        stream_failures: number;
                        transport_security_operator_set: boolean;
                        transport_security_probe_result: string;
                        /** Format: date-time */
                        transport_security_probed_at: string | null;
                        detect_stream: string;
                        grid_stream: string;
                        detection_enabled: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCameraConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        auto_restart: boolean;
                        max_restart_attempts: number;
                        proxy_enabled: boolean;
                        recording_enabled: boolean;
                        recording_path: string | null;
                        recording_segment_seconds: number;
                        rtmp_publisher: boolean;
                        webrtc_publisher: boolean;
                        rtsp_transport: string | null;
                        source_url: string | null;
                        extra_options: string | null;
                        stream_protocol: string;
                        transport_security: string;
                        /** Format: date-time */
                        last_provisioned_at: string | null;
                        /** Format: date-time */
                        last_stream_start: string | null;
                        stream_active: boolean;
                        stream_failures: number;
                        transport_security_operator_set: boolean;
                        transport_security_probe_result: string;
                        /** Format: date-time */
                        transport_security_probed_at: string | null;
                        detect_stream: string;
                        grid_stream: string;
                        detection_enabled: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    replaceCameraConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    auto_restart?: boolean | null;
                    /** @default 3 */
                    max_restart_attempts?: number | null;
                    /** @default false */
                    proxy_enabled?: boolean | null;
                    /** @default false */
                    recording_enabled?: boolean | null;
                    recording_path?: string | null;
                    /** @default 60 */
                    recording_segment_seconds?: number | null;
                    /** @default false */
                    rtmp_publisher?: boolean | null;
                    /** @default false */
                    webrtc_publisher?: boolean | null;
                    rtsp_transport?: string | null;
                    source_url?: string | null;
                    extra_options?: string | null;
                    /**
                     * @default rtsp
                     * @enum {string|null}
                     */
                    stream_protocol?: "rtsp" | "rtmp" | "webrtc" | null;
                    /** @enum {string|null} */
                    transport_security?: "rtsps_required" | "rtsps_preferred" | "plaintext_allowed" | null;
                    /**
                     * @default sub
                     * @enum {string|null}
                     */
                    detect_stream?: "main" | "sub" | null;
                    /**
                     * @default sub
                     * @enum {string|null}
                     */
                    grid_stream?: "main" | "sub" | null;
                    /** @default true */
                    detection_enabled?: boolean | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        auto_restart: boolean;
                        max_restart_attempts: number;
                        proxy_enabled: boolean;
                        recording_enabled: boolean;
                        recording_path: string | null;
                        recording_segment_seconds: number;
                        rtmp_publisher: boolean;
                        webrtc_publisher: boolean;
                        rtsp_transport: string | null;
                        source_url: string | null;
                        extra_options: string | null;
                        stream_protocol: string;
                        transport_security: string;
                        /** Format: date-time */
                        last_provisioned_at: string | null;
                        /** Format: date-time */
                        last_stream_start: string | null;
                        stream_active: boolean;
                        stream_failures: number;
                        transport_security_operator_set: boolean;
                        transport_security_probe_result: string;
                        /** Format: date-time */
                        transport_security_probed_at: string | null;
                        detect_stream: string;
                        grid_stream: string;
                        detection_enabled: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteCameraConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateCameraConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    auto_restart?: boolean | null;
                    /** @default 3 */
                    max_restart_attempts?: number | null;
                    /** @default false */
                    proxy_enabled?: boolean | null;
                    /** @default false */
                    recording_enabled?: boolean | null;
                    recording_path?: string | null;
                    /** @default 60 */
                    recording_segment_seconds?: number | null;
                    /** @default false */
                    rtmp_publisher?: boolean | null;
                    /** @default false */
                    webrtc_publisher?: boolean | null;
                    rtsp_transport?: string | null;
                    source_url?: string | null;
                    extra_options?: string | null;
                    /**
                     * @default rtsp
                     * @enum {string|null}
                     */
                    stream_protocol?: "rtsp" | "rtmp" | "webrtc" | null;
                    /** @enum {string|null} */
                    transport_security?: "rtsps_required" | "rtsps_preferred" | "plaintext_allowed" | null;
                    /**
                     * @default sub
                     * @enum {string|null}
                     */
                    detect_stream?: "main" | "sub" | null;
                    /**
                     * @default sub
                     * @enum {string|null}
                     */
                    grid_stream?: "main" | "sub" | null;
                    /** @default true */
                    detection_enabled?: boolean | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        auto_restart: boolean;
                        max_restart_attempts: number;
                        proxy_enabled: boolean;
                        recording_enabled: boolean;
                        recording_path: string | null;
                        recording_segment_seconds: number;
                        rtmp_publisher: boolean;
                        webrtc_publisher: boolean;
                        rtsp_transport: string | null;
                        source_url: string | null;
                        extra_options: string | null;
                        stream_protocol: string;
                        transport_security: string;
                        /** Format: date-time */
                        last_provisioned_at: string | null;
                        /** Format: date-time */
                        last_stream_start: string | null;
                        stream_active: boolean;
                        stream_failures: number;
                        transport_security_operator_set: boolean;
                        transport_security_probe_result: string;
                        /** Format: date-time */
                        transport_security_probed_at: string | null;
                        detect_stream: string;
                        grid_stream: string;
                        detection_enabled: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCameras: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
                active_only?: boolean;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cameras: {
                            id: number;
                            name: string;
                            ip_address: string;
                            owner_id: number;
                            is_active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string | null;
                            /** Format: date-time */
                            deleted_at: string | null;
                            port: number;
                            status: string | null;
                            description: string | null;
                            location: string | null;
                            display_aspect_ratio: string | null;
                            firmware_version: string | null;
                            hardware_id: string | null;
                            serial_number: string | null;
                            model: string | null;
                            manufacturer: string | null;
                            vlan: string | null;
                            username: string | null;
                            rtsp_url: string | null;
                            substream_url: string | null;
                            onvif_xaddr: string | null;
                            assignments: {
                                skill: string;
                                labels: string[] | null;
                            }[] | null;
                            /** Format: date-time */
                            last_recording_at: string | null;
                            live_online: boolean | null;
                            media_server_provisioned: boolean | null;
                            recording_enabled: boolean | null;
                            recording_state: string | null;
                            stream_action: string | null;
                            stream_warning: string | null;
                            password_set: boolean;
                            motion_active: boolean | null;
                            restream_readers: number;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createCamera: {
        parameters: {
            query?: {
                force?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    ip_address: string;
                    /** @default 554 */
                    port?: number;
                    /** @default true */
                    is_active?: boolean;
                    /** @default unknown */
                    status?: string | null;
                    description?: string | null;
                    location?: string | null;
                    display_aspect_ratio?: string | null;
                    firmware_version?: string | null;
                    hardware_id?: string | null;
                    serial_number?: string | null;
                    model?: string | null;
                    manufacturer?: string | null;
                    vlan?: string | null;
                    username?: string | null;
                    password?: string | null;
                    rtsp_url?: string | null;
                    substream_url?: string | null;
                    onvif_xaddr?: string | null;
                    assignments?: {
                        skill: string;
                        labels?: string[] | null;
                    }[] | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        ip_address: string;
                        owner_id: number;
                        is_active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** Format: date-time */
                        deleted_at: string | null;
                        port: number;
                        status: string | null;
                        description: string | null;
                        location: string | null;
                        display_aspect_ratio: string | null;
                        firmware_version: string | null;
                        hardware_id: string | null;
                        serial_number: string | null;
                        model: string | null;
                        manufacturer: string | null;
                        vlan: string | null;
                        username: string | null;
                        rtsp_url: string | null;
                        substream_url: string | null;
                        onvif_xaddr: string | null;
                        assignments: {
                            skill: string;
                            labels: string[] | null;
                        }[] | null;
                        /** Format: date-time */
                        last_recording_at: string | null;
                        live_online: boolean | null;
                        media_server_provisioned: boolean | null;
                        recording_enabled: boolean | null;
                        recording_state: string | null;
                        stream_action: string | null;
                        stream_warning: string | null;
                        password_set: boolean;
                        motion_active: boolean | null;
                        restream_readers: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listBinnedCameras: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cameras: {
                            id: number;
                            name: string;
                            ip_address: string;
                            owner_id: number;
                            /** Format: date-time */
                            deleted_at: string;
                            path: string;
                            location: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        ip_address: string;
                        owner_id: number;
                        is_active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** Format: date-time */
                        deleted_at: string | null;
                        port: number;
                        status: string | null;
                        description: string | null;
                        location: string | null;
                        display_aspect_ratio: string | null;
                        firmware_version: string | null;
                        hardware_id: string | null;
                        serial_number: string | null;
                        model: string | null;
                        manufacturer: string | null;
                        vlan: string | null;
                        username: string | null;
                        rtsp_url: string | null;
                        substream_url: string | null;
                        onvif_xaddr: string | null;
                        assignments: {
                            skill: string;
                            labels: string[] | null;
                        }[] | null;
                        /** Format: date-time */
                        last_recording_at: string | null;
                        live_online: boolean | null;
                        media_server_provisioned: boolean | null;
                        recording_enabled: boolean | null;
                        recording_state: string | null;
                        stream_action: string | null;
                        stream_warning: string | null;
                        password_set: boolean;
                        motion_active: boolean | null;
                        restream_readers: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    replaceCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    ip_address?: string;
                    port?: number | null;
                    is_active?: boolean | null;
                    status?: string | null;
                    description?: string | null;
                    location?: string | null;
                    display_aspect_ratio?: string | null;
                    firmware_version?: string | null;
                    hardware_id?: string | null;
                    serial_number?: string | null;
                    model?: string | null;
                    manufacturer?: string | null;
                    vlan?: string | null;
                    username?: string | null;
                    password?: string | null;
                    rtsp_url?: string | null;
                    substream_url?: string | null;
                    onvif_xaddr?: string | null;
                    assignments?: {
                        skill: string;
                        labels?: string[] | null;
                    }[] | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        ip_address: string;
                        owner_id: number;
                        is_active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** Format: date-time */
                        deleted_at: string | null;
                        port: number;
                        status: string | null;
                        description: string | null;
                        location: string | null;
                        display_aspect_ratio: string | null;
                        firmware_version: string | null;
                        hardware_id: string | null;
                        serial_number: string | null;
                        model: string | null;
                        manufacturer: string | null;
                        vlan: string | null;
                        username: string | null;
                        rtsp_url: string | null;
                        substream_url: string | null;
                        onvif_xaddr: string | null;
                        assignments: {
                            skill: string;
                            labels: string[] | null;
                        }[] | null;
                        /** Format: date-time */
                        last_recording_at: string | null;
                        live_online: boolean | null;
                        media_server_provisioned: boolean | null;
                        recording_enabled: boolean | null;
                        recording_state: string | null;
                        stream_action: string | null;
                        stream_warning: string | null;
                        password_set: boolean;
                        motion_active: boolean | null;
                        restream_readers: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    binCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        ip_address: string;
                        owner_id: number;
                        /** Format: date-time */
                        deleted_at: string;
                        path: string;
                        location: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    ip_address?: string;
                    port?: number | null;
                    is_active?: boolean | null;
                    status?: string | null;
                    description?: string | null;
                    location?: string | null;
                    display_aspect_ratio?: string | null;
                    firmware_version?: string | null;
                    hardware_id?: string | null;
                    serial_number?: string | null;
                    model?: string | null;
                    manufacturer?: string | null;
                    vlan?: string | null;
                    username?: string | null;
                    password?: string | null;
                    rtsp_url?: string | null;
                    substream_url?: string | null;
                    onvif_xaddr?: string | null;
                    assignments?: {
                        skill: string;
                        labels?: string[] | null;
                    }[] | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        ip_address: string;
                        owner_id: number;
                        is_active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** Format: date-time */
                        deleted_at: string | null;
                        port: number;
                        status: string | null;
                        description: string | null;
                        location: string | null;
                        display_aspect_ratio: string | null;
                        firmware_version: string | null;
                        hardware_id: string | null;
                        serial_number: string | null;
                        model: string | null;
                        manufacturer: string | null;
                        vlan: string | null;
                        username: string | null;
                        rtsp_url: string | null;
                        substream_url: string | null;
                        onvif_xaddr: string | null;
                        assignments: {
                            skill: string;
                            labels: string[] | null;
                        }[] | null;
                        /** Format: date-time */
                        last_recording_at: string | null;
                        live_online: boolean | null;
                        media_server_provisioned: boolean | null;
                        recording_enabled: boolean | null;
                        recording_state: string | null;
                        stream_action: string | null;
                        stream_warning: string | null;
                        password_set: boolean;
                        motion_active: boolean | null;
                        restream_readers: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getConfigOfCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        auto_restart: boolean;
                        max_restart_attempts: number;
                        proxy_enabled: boolean;
                        recording_enabled: boolean;
                        recording_path: string | null;
                        recording_segment_seconds: number;
                        rtmp_publisher: boolean;
                        webrtc_publisher: boolean;
                        rtsp_transport: string | null;
                        source_url: string | null;
                        extra_options: string | null;
                        stream_protocol: string;
                        transport_security: string;
                        /** Format: date-time */
                        last_provisioned_at: string | null;
                        /** Format: date-time */
                        last_stream_start: string | null;
                        stream_active: boolean;
                        stream_failures: number;
                        transport_security_operator_set: boolean;
                        transport_security_probe_result: string;
                        /** Format: date-time */
                        transport_security_probed_at: string | null;
                        detect_stream: string;
                        grid_stream: string;
                        detection_enabled: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateConfigOfCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    auto_restart?: boolean | null;
                    /** @default 3 */
                    max_restart_attempts?: number | null;
                    /** @default false */
                    proxy_enabled?: boolean | null;
                    /** @default false */
                    recording_enabled?: boolean | null;
                    recording_path?: string | null;
                    /** @default 60 */
                    recording_segment_seconds?: number | null;
                    /** @default false */
                    rtmp_publisher?: boolean | null;
                    /** @default false */
                    webrtc_publisher?: boolean | null;
                    rtsp_transport?: string | null;
                    source_url?: string | null;
                    extra_options?: string | null;
                    /**
                     * @default rtsp
                     * @enum {string|null}
                     */
                    stream_protocol?: "rtsp" | "rtmp" | "webrtc" | null;
                    /** @enum {string|null} */
                    transport_security?: "rtsps_required" | "rtsps_preferred" | "plaintext_allowed" | null;
                    /**
                     * @default sub
                     * @enum {string|null}
                     */
                    detect_stream?: "main" | "sub" | null;
                    /**
                     * @default sub
                     * @enum {string|null}
                     */
                    grid_stream?: "main" | "sub" | null;
                    /** @default true */
                    detection_enabled?: boolean | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        auto_restart: boolean;
                        max_restart_attempts: number;
                        proxy_enabled: boolean;
                        recording_enabled: boolean;
                        recording_path: string | null;
                        recording_segment_seconds: number;
                        rtmp_publisher: boolean;
                        webrtc_publisher: boolean;
                        rtsp_transport: string | null;
                        source_url: string | null;
                        extra_options: string | null;
                        stream_protocol: string;
                        transport_security: string;
                        /** Format: date-time */
                        last_provisioned_at: string | null;
                        /** Format: date-time */
                        last_stream_start: string | null;
                        stream_active: boolean;
                        stream_failures: number;
                        transport_security_operator_set: boolean;
                        transport_security_probe_result: string;
                        /** Format: date-time */
                        transport_security_probed_at: string | null;
                        detect_stream: string;
                        grid_stream: string;
                        detection_enabled: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listDeviceUsers: {
        parameters: {
            query?: {
                onvif_port?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        username: string;
                        level: string;
                    }[];
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createDeviceUser: {
        parameters: {
            query?: {
                onvif_port?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                    /**
                     * @default Operator
                     * @enum {string}
                     */
                    level?: "Administrator" | "Operator" | "User";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        username: string;
                        level: string;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteDeviceUser: {
        parameters: {
            query?: {
                onvif_port?: number;
            };
            header?: never;
            path: {
                id: number;
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    hardDeleteCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmation_phrase: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        camera_name: string;
                        recordings_deleted: number;
                        bytes_freed: number;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getLivePlaylist: {
        parameters: {
            query?: {
                ticket?: string;
                stream?: "main" | "sub";
                /** @description `h264`: the player decodes only H.264 (browsers without HEVC): a stream in another codec (H.265) is played as the camera's H.264 substream when it has one, otherwise transcoded to H.264 (one transcode shared by every such viewer). `any` (default): the stream as the camera sends it. */
                video?: "any" | "h264";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Live HLS multivariant playlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.mpegurl": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getLiveMediaPlaylist: {
        parameters: {
            query?: {
                ticket?: string;
                stream?: "main" | "sub";
                /** @description `h264`: the player decodes only H.264 (browsers without HEVC): a stream in another codec (H.265) is played as the camera's H.264 substream when it has one, otherwise transcoded to H.264 (one transcode shared by every such viewer). `any` (default): the stream as the camera sends it. */
                video?: "any" | "h264";
                /** @description blocking reload: answer once this media sequence number is listed */
                _HLS_msn?: number;
                /** @description with _HLS_msn: answer once this part of that segment is listed */
                _HLS_part?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Live HLS media playlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.mpegurl": string;
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createWhepSession: {
        parameters: {
            query?: {
                ticket?: string;
                stream?: "main" | "sub";
                /** @description `h264`: the player decodes only H.264 (browsers without HEVC): a stream in another codec (H.265) is played as the camera's H.264 substream when it has one, otherwise transcoded to H.264 (one transcode shared by every such viewer). `any` (default): the stream as the camera sends it. */
                video?: "any" | "h264";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/sdp": string;
            };
        };
        responses: {
            /** @description The SDP answer */
            201: {
                headers: {
                    /** @description The session URL: /api/v1/cameras/{id}/live/whep/{session} */
                    location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/sdp": string;
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is not of a media type this operation takes */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteWhepSession: {
        parameters: {
            query?: {
                ticket?: string;
            };
            header?: never;
            path: {
                id: number;
                session: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getLiveSegment: {
        parameters: {
            query?: {
                ticket?: string;
                stream?: "main" | "sub";
                /** @description `h264`: the player decodes only H.264 (browsers without HEVC): a stream in another codec (H.265) is played as the camera's H.264 substream when it has one, otherwise transcoded to H.264 (one transcode shared by every such viewer). `any` (default): the stream as the camera sends it. */
                video?: "any" | "h264";
            };
            header?: never;
            path: {
                id: number;
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The init section or the media segment */
            200: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The requested range of the file (one `Range: bytes=` range) */
            206: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    /** @description `bytes <first>-<last>/<size>` */
                    "content-range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCameraMotion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        enabled: boolean;
                        fps: number;
                        threshold: number;
                        min_area: number;
                        masks: number[][][];
                        active: boolean;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    replaceCameraMotion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    /** @default 5 */
                    fps?: number;
                    /** @default 25 */
                    threshold?: number;
                    /** @default 0.002 */
                    min_area?: number;
                    /** @default [] */
                    masks?: number[][][];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        enabled: boolean;
                        fps: number;
                        threshold: number;
                        min_area: number;
                        masks: number[][][];
                        active: boolean;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCameraMotionBoxes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        watching: boolean;
                        /** Format: date-time */
                        at: string | null;
                        age_ms: number | null;
                        boxes: {
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            area: number;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getMyCameraRights: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        view: boolean;
                        manage: boolean;
                        grant: boolean;
                        hard_delete: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCameraPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: number;
                        can_view: boolean;
                        can_manage: boolean;
                        /** @default false */
                        is_owner: boolean;
                        username: string | null;
                    }[];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    grantCameraPermission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id: number;
                    /** @default true */
                    can_view?: boolean;
                    /** @default false */
                    can_manage?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: number;
                        camera_id: number;
                        can_view: boolean;
                        can_manage: boolean;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    revokeCameraPermission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCameraPtz: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        supported: boolean;
                        reason: string | null;
                        pan_tilt: boolean;
                        zoom: boolean;
                        max_presets: number | null;
                        presets: {
                            token: string;
                            name: string;
                        }[];
                        can_control: boolean;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    moveCameraPtz: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pan?: number;
                    tilt?: number;
                    zoom?: number;
                    timeout_ms?: number;
                };
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCameraPtzPresets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        name: string;
                    }[];
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createCameraPtzPreset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        name: string;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteCameraPtzPreset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    gotoCameraPtzPreset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    stopCameraPtz: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    restoreCamera: {
        parameters: {
            query?: {
                force?: boolean;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        ip_address: string;
                        owner_id: number;
                        is_active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** Format: date-time */
                        deleted_at: string | null;
                        port: number;
                        status: string | null;
                        description: string | null;
                        location: string | null;
                        display_aspect_ratio: string | null;
                        firmware_version: string | null;
                        hardware_id: string | null;
                        serial_number: string | null;
                        model: string | null;
                        manufacturer: string | null;
                        vlan: string | null;
                        username: string | null;
                        rtsp_url: string | null;
                        substream_url: string | null;
                        onvif_xaddr: string | null;
                        assignments: {
                            skill: string;
                            labels: string[] | null;
                        }[] | null;
                        /** Format: date-time */
                        last_recording_at: string | null;
                        live_online: boolean | null;
                        media_server_provisioned: boolean | null;
                        recording_enabled: boolean | null;
                        recording_state: string | null;
                        stream_action: string | null;
                        stream_warning: string | null;
                        password_set: boolean;
                        motion_active: boolean | null;
                        restream_readers: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCameraReviewSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        pre_roll_seconds: number;
                        post_roll_seconds: number;
                        retention_days: number;
                        continuous_retention_days: number | null;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    replaceCameraReviewSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 5 */
                    pre_roll_seconds?: number;
                    /** @default 5 */
                    post_roll_seconds?: number;
                    /** @default 30 */
                    retention_days?: number;
                    /** @default null */
                    continuous_retention_days?: number | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        pre_roll_seconds: number;
                        post_roll_seconds: number;
                        retention_days: number;
                        continuous_retention_days: number | null;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCameraSnapshot: {
        parameters: {
            query?: {
                ticket?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One JPEG picture from the camera */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createStreamTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticket: string;
                        expires_in: number;
                        hls_url: string;
                        whep_url: string;
                        /** @description hls_url of the stream grid tiles play (config grid_stream) */
                        grid_hls_url: string;
                        /** @description whep_url of the stream grid tiles play (config grid_stream) */
                        grid_whep_url: string;
                        /** @description whep_url answers (stream config webrtc_publisher); else play hls_url */
                        webrtc: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    setTransportSecurityPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    policy: "rtsps_required" | "rtsps_preferred" | "plaintext_allowed";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        auto_restart: boolean;
                        max_restart_attempts: number;
                        proxy_enabled: boolean;
                        recording_enabled: boolean;
                        recording_path: string | null;
                        recording_segment_seconds: number;
                        rtmp_publisher: boolean;
                        webrtc_publisher: boolean;
                        rtsp_transport: string | null;
                        source_url: string | null;
                        extra_options: string | null;
                        stream_protocol: string;
                        transport_security: string;
                        /** Format: date-time */
                        last_provisioned_at: string | null;
                        /** Format: date-time */
                        last_stream_start: string | null;
                        stream_active: boolean;
                        stream_failures: number;
                        transport_security_operator_set: boolean;
                        transport_security_probe_result: string;
                        /** Format: date-time */
                        transport_security_probed_at: string | null;
                        detect_stream: string;
                        grid_stream: string;
                        detection_enabled: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    probeTransportSecurity: {
        parameters: {
            query?: {
                port?: number;
                reset_policy?: boolean;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        auto_restart: boolean;
                        max_restart_attempts: number;
                        proxy_enabled: boolean;
                        recording_enabled: boolean;
                        recording_path: string | null;
                        recording_segment_seconds: number;
                        rtmp_publisher: boolean;
                        webrtc_publisher: boolean;
                        rtsp_transport: string | null;
                        source_url: string | null;
                        extra_options: string | null;
                        stream_protocol: string;
                        transport_security: string;
                        /** Format: date-time */
                        last_provisioned_at: string | null;
                        /** Format: date-time */
                        last_stream_start: string | null;
                        stream_active: boolean;
                        stream_failures: number;
                        transport_security_operator_set: boolean;
                        transport_security_probe_result: string;
                        /** Format: date-time */
                        transport_security_probed_at: string | null;
                        detect_stream: string;
                        grid_stream: string;
                        detection_enabled: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCameraZones: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        zones: {
                            name: string;
                            polygon: number[][];
                            labels: string[];
                            alert: {
                                labels: string[];
                                min_count: number;
                                min_dwell_seconds: number;
                                cooldown_seconds: number;
                                /** @enum {string} */
                                severity: "info" | "low" | "medium" | "high" | "critical";
                            } | null;
                        }[];
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    replaceCameraZones: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    zones: {
                        name: string;
                        polygon: number[][];
                        labels?: string[];
                        alert?: {
                            labels?: string[];
                            min_count?: number;
                            min_dwell_seconds?: number;
                            cooldown_seconds?: number;
                            /** @enum {string} */
                            severity?: "info" | "low" | "medium" | "high" | "critical";
                        } | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        zones: {
                            name: string;
                            polygon: number[][];
                            labels: string[];
                            alert: {
                                labels: string[];
                                min_count: number;
                                min_dwell_seconds: number;
                                cooldown_seconds: number;
                                /** @enum {string} */
                                severity: "info" | "low" | "medium" | "high" | "critical";
                            } | null;
                        }[];
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCapabilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        orchestrator: {
                            version: string;
                            poll_interval_seconds: number;
                            /** Format: date-time */
                            last_poll_at: string | null;
                            tasks: string[];
                            adapters_total: number;
                            adapters_available: number;
                        };
                        adapters: {
                            [key: string]: {
                                url?: string;
                                /** @enum {string} */
                                status: "unknown" | "available" | "unavailable";
                                tasks: string[];
                                model: {
                                    name: string;
                                    version: string;
                                    fingerprint: string;
                                } | null;
                                health?: {
                                    [key: string]: unknown;
                                } | null;
                                card?: {
                                    [key: string]: unknown;
                                } | null;
                                /** Format: date-time */
                                last_seen_at?: string | null;
                                last_error?: string | null;
                            };
                        };
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCloudCredentials: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credentials: {
                            id: string;
                            user_id: number;
                            provider: string;
                            account_info: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createCloudCredential: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    provider: "huggingface" | "openai";
                    token: string;
                    account_info?: ({
                        base_url?: string;
                        allow_private_network?: boolean;
                        organization?: string;
                        project?: string;
                    } & {
                        [key: string]: unknown;
                    }) | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        user_id: number;
                        provider: string;
                        account_info: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCloudCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        user_id: number;
                        provider: string;
                        account_info: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteCloudCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    runCloudInference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model_id: number;
                    inputs: {
                        [key: string]: unknown;
                    };
                    parameters?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        user_id: number;
                        model_id: number | null;
                        provider: string;
                        model_identifier: string;
                        task: string;
                        status: string;
                        result_json: string | null;
                        error_message: string | null;
                        latency_ms: number | null;
                        /** Format: date-time */
                        executed_at: string;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCloudJobs: {
        parameters: {
            query?: {
                status?: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                skip?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobs: {
                            id: string;
                            user_id: number;
                            model_id: string;
                            provider: string;
                            task: string;
                            status: string;
                            result_id: string | null;
                            error_message: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            started_at: string | null;
                            /** Format: date-time */
                            completed_at: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createCloudJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model_id: number;
                    inputs: {
                        [key: string]: unknown;
                    };
                    parameters?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        user_id: number;
                        model_id: string;
                        provider: string;
                        task: string;
                        status: string;
                        result_id: string | null;
                        error_message: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        started_at: string | null;
                        /** Format: date-time */
                        completed_at: string | null;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCloudJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        user_id: number;
                        model_id: string;
                        provider: string;
                        task: string;
                        status: string;
                        result_id: string | null;
                        error_message: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        started_at: string | null;
                        /** Format: date-time */
                        completed_at: string | null;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    cancelCloudJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        user_id: number;
                        model_id: string;
                        provider: string;
                        task: string;
                        status: string;
                        result_id: string | null;
                        error_message: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        started_at: string | null;
                        /** Format: date-time */
                        completed_at: string | null;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCloudModels: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        models: {
                            id: number;
                            user_id: number;
                            name: string;
                            provider: string;
                            credential_id: string;
                            model_id: string;
                            task: string;
                            config: string | null;
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createCloudModel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    provider: "huggingface" | "openai";
                    /** Format: uuid */
                    credential_id: string;
                    model_id: string;
                    task: string;
                    config?: string | null;
                    /** @default true */
                    enabled?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        user_id: number;
                        name: string;
                        provider: string;
                        credential_id: string;
                        model_id: string;
                        task: string;
                        config: string | null;
                        enabled: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCloudModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        user_id: number;
                        name: string;
                        provider: string;
                        credential_id: string;
                        model_id: string;
                        task: string;
                        config: string | null;
                        enabled: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateCloudModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    provider?: "huggingface" | "openai";
                    /** Format: uuid */
                    credential_id?: string;
                    model_id?: string;
                    task?: string;
                    config?: string | null;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        user_id: number;
                        name: string;
                        provider: string;
                        credential_id: string;
                        model_id: string;
                        task: string;
                        config: string | null;
                        enabled: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteCloudModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    setCloudRecordingEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recording: {
                            enabled: boolean;
                            use_byok: boolean;
                            access_key: string | null;
                            secret_key_set: boolean;
                            bucket: string | null;
                            region: string | null;
                            server_url: string | null;
                            storage_class: string | null;
                        };
                        streaming: {
                            enabled: boolean;
                            protocol: string;
                            video_codec: string;
                            encryption: string;
                            server_url: string | null;
                            auth_token_set: boolean;
                        };
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCloudRecordingStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pending: number;
                        uploaded: number;
                        failed: number;
                        last_error: string | null;
                        /** Format: date-time */
                        last_success_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCloudResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        user_id: number;
                        model_id: number | null;
                        provider: string;
                        model_identifier: string;
                        task: string;
                        status: string;
                        result_json: string | null;
                        error_message: string | null;
                        latency_ms: number | null;
                        /** Format: date-time */
                        executed_at: string;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCloudSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recording: {
                            enabled: boolean;
                            use_byok: boolean;
                            access_key: string | null;
                            secret_key_set: boolean;
                            bucket: string | null;
                            region: string | null;
                            server_url: string | null;
                            storage_class: string | null;
                        };
                        streaming: {
                            enabled: boolean;
                            protocol: string;
                            video_codec: string;
                            encryption: string;
                            server_url: string | null;
                            auth_token_set: boolean;
                        };
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateCloudSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    recording?: {
                        enabled?: boolean;
                        use_byok?: boolean;
                        access_key?: string | null;
                        secret_key?: string | null;
                        bucket?: string | null;
                        region?: string | null;
                        server_url?: string | null;
                        storage_class?: string | null;
                    };
                    streaming?: {
                        enabled?: boolean;
                        /** @enum {string} */
                        protocol?: "webrtc" | "rtmp" | "hls";
                        /** @enum {string} */
                        video_codec?: "h264" | "h265" | "vp9" | "av1";
                        /** @enum {string} */
                        encryption?: "dtls-srtp" | "none" | "aes-128" | "sample-aes";
                        server_url?: string | null;
                        auth_token?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recording: {
                            enabled: boolean;
                            use_byok: boolean;
                            access_key: string | null;
                            secret_key_set: boolean;
                            bucket: string | null;
                            region: string | null;
                            server_url: string | null;
                            storage_class: string | null;
                        };
                        streaming: {
                            enabled: boolean;
                            protocol: string;
                            video_codec: string;
                            encryption: string;
                            server_url: string | null;
                            auth_token_set: boolean;
                        };
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listStreamTargets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        targets: {
                            target_id: string;
                            camera_id: number;
                            enabled: boolean;
                            protocol: string;
                            server_url: string;
                            stream_key_set: boolean;
                            use_tls: boolean;
                            use_custom_ca: boolean;
                            video_codec: string;
                            video_bitrate: string | null;
                            audio_codec: string;
                            audio_bitrate: string | null;
                            max_reconnect_attempts: number;
                            reconnect_delay_seconds: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    upsertStreamTarget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    camera_id: number;
                    target_id?: string | null;
                    /** @default false */
                    enabled?: boolean;
                    /**
                     * @default rtmp
                     * @enum {string}
                     */
                    protocol?: "rtmp" | "rtmps" | "srt";
                    /** @default  */
                    server_url?: string;
                    stream_key?: string | null;
                    /** @default false */
                    use_tls?: boolean;
                    /** @default false */
                    use_custom_ca?: boolean;
                    /**
                     * @default copy
                     * @enum {string}
                     */
                    video_codec?: "copy" | "libx264" | "libx265";
                    video_bitrate?: string | null;
                    /**
                     * @default aac
                     * @enum {string}
                     */
                    audio_codec?: "aac" | "copy";
                    audio_bitrate?: string | null;
                    /** @default 5 */
                    max_reconnect_attempts?: number;
                    /** @default 5 */
                    reconnect_delay_seconds?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        target_id: string;
                        camera_id: number;
                        enabled: boolean;
                        protocol: string;
                        server_url: string;
                        stream_key_set: boolean;
                        use_tls: boolean;
                        use_custom_ca: boolean;
                        video_codec: string;
                        video_bitrate: string | null;
                        audio_codec: string;
                        audio_bitrate: string | null;
                        max_reconnect_attempts: number;
                        reconnect_delay_seconds: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        target_id: string;
                        camera_id: number;
                        enabled: boolean;
                        protocol: string;
                        server_url: string;
                        stream_key_set: boolean;
                        use_tls: boolean;
                        use_custom_ca: boolean;
                        video_codec: string;
                        video_bitrate: string | null;
                        audio_codec: string;
                        audio_bitrate: string | null;
                        max_reconnect_attempts: number;
                        reconnect_delay_seconds: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getStreamTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                target_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        target_id: string;
                        camera_id: number;
                        enabled: boolean;
                        protocol: string;
                        server_url: string;
                        stream_key_set: boolean;
                        use_tls: boolean;
                        use_custom_ca: boolean;
                        video_codec: string;
                        video_bitrate: string | null;
                        audio_codec: string;
                        audio_bitrate: string | null;
                        max_reconnect_attempts: number;
                        reconnect_delay_seconds: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteStreamTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                target_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    startStreamTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                target_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        target_id: string;
                        camera_id: number;
                        enabled: boolean;
                        state: string;
                        failures: number;
                        reconnect_attempts: number;
                        last_error: string | null;
                        /** Format: date-time */
                        started_at: string | null;
                        /** Format: date-time */
                        streaming_since: string | null;
                        conversion: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getStreamTargetStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                target_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        target_id: string;
                        camera_id: number;
                        enabled: boolean;
                        state: string;
                        failures: number;
                        reconnect_attempts: number;
                        last_error: string | null;
                        /** Format: date-time */
                        started_at: string | null;
                        /** Format: date-time */
                        streaming_since: string | null;
                        conversion: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    stopStreamTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                target_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        target_id: string;
                        camera_id: number;
                        enabled: boolean;
                        state: string;
                        failures: number;
                        reconnect_attempts: number;
                        last_error: string | null;
                        /** Format: date-time */
                        started_at: string | null;
                        /** Format: date-time */
                        streaming_since: string | null;
                        conversion: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    setCloudStreamingEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recording: {
                            enabled: boolean;
                            use_byok: boolean;
                            access_key: string | null;
                            secret_key_set: boolean;
                            bucket: string | null;
                            region: string | null;
                            server_url: string | null;
                            storage_class: string | null;
                        };
                        streaming: {
                            enabled: boolean;
                            protocol: string;
                            video_codec: string;
                            encryption: string;
                            server_url: string | null;
                            auth_token_set: boolean;
                        };
                        /** Format: date-time */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listLatestEvents: {
        parameters: {
            query?: {
                limit?: number;
                camera_id?: number;
                /** @description Event type(s), comma-separated: detection, alert.created, alert.updated, alert.acknowledged, camera.online, camera.offline, recording.started, recording.failed, storage.error, storage.unavailable, storage.available, adapter.model_changed, adapter.unavailable, job.updated, motion.start, motion.end, zone.enter, zone.exit, review.opened, review.updated, review.closed */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            id: number;
                            /**
                             * EventType
                             * @enum {string}
                             */
                            type: "detection" | "alert.created" | "alert.updated" | "alert.acknowledged" | "camera.online" | "camera.offline" | "recording.started" | "recording.failed" | "storage.error" | "storage.unavailable" | "storage.available" | "adapter.model_changed" | "adapter.unavailable" | "job.updated" | "motion.start" | "motion.end" | "zone.enter" | "zone.exit" | "review.opened" | "review.updated" | "review.closed";
                            camera_id: number | null;
                            source: string;
                            /** @enum {string|null} */
                            severity: "info" | "low" | "medium" | "high" | "critical" | null;
                            /** Format: date-time */
                            timestamp: string;
                            data: {
                                [key: string]: unknown;
                            };
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                camera_id?: number;
                /** @description Event type(s), comma-separated: detection, alert.created, alert.updated, alert.acknowledged, camera.online, camera.offline, recording.started, recording.failed, storage.error, storage.unavailable, storage.available, adapter.model_changed, adapter.unavailable, job.updated, motion.start, motion.end, zone.enter, zone.exit, review.opened, review.updated, review.closed */
                type?: string;
                last_event_id?: number;
                ticket?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream (stays open; events as they happen) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createEventsTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticket: string;
                        expires_in: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listFacePersons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the adapter whose gallery this is */
                        adapter: string;
                        persons: {
                            id: string;
                            name: string;
                            created_at: string;
                            face_count: number;
                            faces: {
                                id: string;
                                created_at: string;
                                /** @description frame URI or "upload" */
                                source: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createFacePerson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    images: string[];
                    /**
                     * @description register even a face that matches another person (look-alikes, twins)
                     * @default false
                     */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        created_at: string;
                        face_count: number;
                        faces: {
                            id: string;
                            created_at: string;
                            /** @description frame URI or "upload" */
                            source: string;
                        }[];
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The upload is larger than allowed */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is not of a media type this operation takes */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    addFaceFromReviewItem: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    review_item_id: number;
                    /** @description index into the item's boxes, the face (or person) to crop around; null: the whole snapshot */
                    box: number | null;
                    /** @description a new person */
                    name?: string;
                    /** @description an existing person */
                    person_id?: string;
                    /**
                     * @description register even a face that matches another person (look-alikes, twins)
                     * @default false
                     */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        created_at: string;
                        face_count: number;
                        faces: {
                            id: string;
                            created_at: string;
                            /** @description frame URI or "upload" */
                            source: string;
                        }[];
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The upload is larger than allowed */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is not of a media type this operation takes */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getFacePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the adapter's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        created_at: string;
                        face_count: number;
                        faces: {
                            id: string;
                            created_at: string;
                            /** @description frame URI or "upload" */
                            source: string;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteFacePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the adapter's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    renameFacePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the adapter's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        created_at: string;
                        face_count: number;
                        faces: {
                            id: string;
                            created_at: string;
                            /** @description frame URI or "upload" */
                            source: string;
                        }[];
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The upload is larger than allowed */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is not of a media type this operation takes */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    addFacePersonFaces: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the adapter's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    images: string[];
                    /**
                     * @description register even a face that matches another person (look-alikes, twins)
                     * @default false
                     */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        created_at: string;
                        face_count: number;
                        faces: {
                            id: string;
                            created_at: string;
                            /** @description frame URI or "upload" */
                            source: string;
                        }[];
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The upload is larger than allowed */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is not of a media type this operation takes */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteFacePersonFace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the adapter's id */
                id: string;
                /** @description the adapter's id */
                faceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        created_at: string;
                        face_count: number;
                        faces: {
                            id: string;
                            created_at: string;
                            /** @description frame URI or "upload" */
                            source: string;
                        }[];
                    };
                };
            };
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getFacePersonFaceCrop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the adapter's id */
                id: string;
                /** @description the adapter's id */
                faceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The face crop */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    mergeFacePersons: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the adapter's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the person whose faces move here; removed */
                    from: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        created_at: string;
                        face_count: number;
                        faces: {
                            id: string;
                            created_at: string;
                            /** @description frame URI or "upload" */
                            source: string;
                        }[];
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getMqttSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        url: string | null;
                        username: string | null;
                        password_set: boolean;
                        client_id: string;
                        topic_prefix: string;
                        discovery_prefix: string;
                        discovery_enabled: boolean;
                        recorder_id: string;
                        from_environment: string[];
                        topic_map_version: number;
                        status: {
                            /** @enum {string} */
                            state: "disabled" | "connecting" | "connected" | "auth_failed" | "error";
                            last_error: string | null;
                            /** Format: date-time */
                            since: string | null;
                            failed_attempts: number;
                            /** Format: date-time */
                            next_attempt_at: string | null;
                            client_id: string | null;
                            availability_topic: string | null;
                        };
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateMqttSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    url?: string | null;
                    username?: string | null;
                    password?: string | null;
                    client_id?: string | null;
                    topic_prefix?: string | null;
                    discovery_prefix?: string | null;
                    discovery_enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        url: string | null;
                        username: string | null;
                        password_set: boolean;
                        client_id: string;
                        topic_prefix: string;
                        discovery_prefix: string;
                        discovery_enabled: boolean;
                        recorder_id: string;
                        from_environment: string[];
                        topic_map_version: number;
                        status: {
                            /** @enum {string} */
                            state: "disabled" | "connecting" | "connected" | "auth_failed" | "error";
                            last_error: string | null;
                            /** Format: date-time */
                            since: string | null;
                            failed_attempts: number;
                            /** Format: date-time */
                            next_attempt_at: string | null;
                            client_id: string | null;
                            availability_topic: string | null;
                        };
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listLayouts: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layouts: {
                            id: string;
                            name: string;
                            description: string | null;
                            enabled: boolean;
                            grid_columns: number;
                            grid_rows: number;
                            tiles: {
                                [key: string]: number;
                            }[];
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createLayout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    name: string;
                    description?: string | null;
                    /** @default true */
                    enabled?: boolean;
                    /** @default 4 */
                    grid_columns?: number;
                    /** @default 4 */
                    grid_rows?: number;
                    /** @default [] */
                    tiles?: {
                        [key: string]: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        enabled: boolean;
                        grid_columns: number;
                        grid_rows: number;
                        tiles: {
                            [key: string]: number;
                        }[];
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getLayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        enabled: boolean;
                        grid_columns: number;
                        grid_rows: number;
                        tiles: {
                            [key: string]: number;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    replaceLayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    name: string;
                    description?: string | null;
                    /** @default true */
                    enabled?: boolean;
                    /** @default 4 */
                    grid_columns?: number;
                    /** @default 4 */
                    grid_rows?: number;
                    /** @default [] */
                    tiles?: {
                        [key: string]: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        enabled: boolean;
                        grid_columns: number;
                        grid_rows: number;
                        tiles: {
                            [key: string]: number;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteLayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getMediaTls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cert: {
                            subject: string;
                            issuer: string;
                            /** Format: date-time */
                            not_before: string;
                            /** Format: date-time */
                            not_after: string;
                            fingerprint_sha256: string;
                        } | null;
                        key_set: boolean;
                        ca_bundle: {
                            certificates: {
                                subject: string;
                                issuer: string;
                                /** Format: date-time */
                                not_before: string;
                                /** Format: date-time */
                                not_after: string;
                                fingerprint_sha256: string;
                            }[];
                        } | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    uploadMediaTls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description PEM certificate
                     */
                    cert_file?: string;
                    /**
                     * Format: binary
                     * @description PEM private key of the certificate (stored encrypted, never returned)
                     */
                    key_file?: string;
                    /**
                     * Format: binary
                     * @description PEM CA bundle that media-source certificates are verified against
                     */
                    ca_bundle_file?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cert: {
                            subject: string;
                            issuer: string;
                            /** Format: date-time */
                            not_before: string;
                            /** Format: date-time */
                            not_after: string;
                            fingerprint_sha256: string;
                        } | null;
                        key_set: boolean;
                        ca_bundle: {
                            certificates: {
                                subject: string;
                                issuer: string;
                                /** Format: date-time */
                                not_before: string;
                                /** Format: date-time */
                                not_after: string;
                                fingerprint_sha256: string;
                            }[];
                        } | null;
                    } & {
                        warnings: string[];
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The upload is larger than allowed */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is not of a media type this operation takes */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteMediaTls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listNodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodes: {
                            id: string;
                            name: string;
                            url: string;
                            version: string;
                            capacity: number;
                            /** @enum {string} */
                            state: "active" | "draining";
                            online: boolean;
                            this_node: boolean;
                            /** Format: date-time */
                            started_at: string;
                            /** Format: date-time */
                            last_heartbeat_at: string;
                            camera_ids: number[];
                            camera_count: number;
                        }[];
                        lease_seconds: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    removeNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                node_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    drainNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                node_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        url: string;
                        version: string;
                        capacity: number;
                        /** @enum {string} */
                        state: "active" | "draining";
                        online: boolean;
                        this_node: boolean;
                        /** Format: date-time */
                        started_at: string;
                        /** Format: date-time */
                        last_heartbeat_at: string;
                        camera_ids: number[];
                        camera_count: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    resumeNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                node_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        url: string;
                        version: string;
                        capacity: number;
                        /** @enum {string} */
                        state: "active" | "draining";
                        online: boolean;
                        this_node: boolean;
                        /** Format: date-time */
                        started_at: string;
                        /** Format: date-time */
                        last_heartbeat_at: string;
                        camera_ids: number[];
                        camera_count: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    addOnvifCamera: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    xaddr: string;
                    username: string;
                    password: string;
                    name: string;
                    main_profile?: string;
                    sub_profile?: string | null;
                    /** @default false */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera: {
                            id: number;
                            name: string;
                            ip_address: string;
                            owner_id: number;
                            is_active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string | null;
                            /** Format: date-time */
                            deleted_at: string | null;
                            port: number;
                            status: string | null;
                            description: string | null;
                            location: string | null;
                            display_aspect_ratio: string | null;
                            firmware_version: string | null;
                            hardware_id: string | null;
                            serial_number: string | null;
                            model: string | null;
                            manufacturer: string | null;
                            vlan: string | null;
                            username: string | null;
                            rtsp_url: string | null;
                            substream_url: string | null;
                            onvif_xaddr: string | null;
                            assignments: {
                                skill: string;
                                labels: string[] | null;
                            }[] | null;
                            /** Format: date-time */
                            last_recording_at: string | null;
                            live_online: boolean | null;
                            media_server_provisioned: boolean | null;
                            recording_enabled: boolean | null;
                            recording_state: string | null;
                            stream_action: string | null;
                            stream_warning: string | null;
                            password_set: boolean;
                            motion_active: boolean | null;
                            restream_readers: number;
                        };
                        stream: {
                            codec: string;
                            width: number | null;
                            height: number | null;
                        };
                        main_profile: string;
                        sub_profile: string | null;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    inspectOnvifDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    xaddr: string;
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        xaddr: string;
                        time_offset_ms: number | null;
                        device: {
                            manufacturer: string | null;
                            model: string | null;
                            firmware_version: string | null;
                            serial_number: string | null;
                            hardware_id: string | null;
                        };
                        media_xaddr: string;
                        profiles: {
                            token: string;
                            name: string;
                            encoding: string | null;
                            width: number | null;
                            height: number | null;
                            fps: number | null;
                            stream_uri: string | null;
                            snapshot_uri: string | null;
                        }[];
                        suggested: {
                            main_profile: string | null;
                            sub_profile: string | null;
                        };
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A device or service the recorder called failed; `detail` gives its reason */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    discoverOnvifDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 3000 */
                    timeout_ms?: number;
                    interface?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        devices: {
                            address: string;
                            source_address: string;
                            name: string | null;
                            hardware: string | null;
                            location: string | null;
                            xaddrs: string[];
                            scopes: string[];
                            types: string[];
                            camera_id: number | null;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listRecordings: {
        parameters: {
            query?: {
                start_unix?: number;
                end_unix?: number;
            };
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        start_unix: number;
                        end_unix: number;
                        /** Format: date-time */
                        start_time: string;
                        /** Format: date-time */
                        end_time: string;
                        duration_seconds: number;
                        size_bytes: number;
                        url: string;
                    }[];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRecordingActivity: {
        parameters: {
            query: {
                /** @description Start of the range (unix seconds) */
                start_unix: number;
                /** @description End of the range (unix seconds); at most 31 days after start_unix */
                end_unix: number;
                /** @description `detection`: AI detection results that found something; `motion`: motion from its start to its end (kept as long as the event log keeps events); `incident`: review items, from start to end (an open one to now) */
                kind: "detection" | "motion" | "incident";
                /** @description Activity less than this far apart is merged into one range. A timeline asks for a few pixels of time; the recorder raises it where the range would otherwise hold more than 2,000 ranges (the answer says which it used). */
                min_gap_seconds?: number;
            };
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        /** @enum {string} */
                        kind: "detection" | "motion" | "incident";
                        start_unix: number;
                        end_unix: number;
                        min_gap_seconds: number;
                        ranges: {
                            start_ms: number;
                            end_ms: number;
                            count: number;
                            alerts?: number;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRecordingChunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                camera_id: number;
                chunk: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chunk (fragmented MP4) */
            200: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The requested range of the file (one `Range: bytes=` range) */
            206: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    /** @description `bytes <first>-<last>/<size>` */
                    "content-range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteRecordingChunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                camera_id: number;
                chunk: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getTranscodedChunkSegment: {
        parameters: {
            query?: {
                ticket?: string;
            };
            header?: never;
            path: {
                camera_id: number;
                chunk: number;
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The init section or segment (fragmented MP4) */
            200: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The requested range of the file (one `Range: bytes=` range) */
            206: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    /** @description `bytes <first>-<last>/<size>` */
                    "content-range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRecordingCoverage: {
        parameters: {
            query: {
                /** @description Start of the range (unix seconds) */
                start_unix: number;
                /** @description End of the range (unix seconds); at most 31 days after start_unix */
                end_unix: number;
                /** @description Chunks less than this far apart are merged into one span. A timeline asks for about one pixel of time, so a week of 10-second chunks comes back as a few spans instead of 60,480 chunks. */
                min_gap_seconds?: number;
            };
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        start_unix: number;
                        end_unix: number;
                        min_gap_seconds: number;
                        spans: {
                            start_unix: number;
                            end_unix: number;
                            /** Format: date-time */
                            start_time: string;
                            /** Format: date-time */
                            end_time: string;
                            chunks: number;
                            /** @description The span ends in the chunk being recorded now (counted in `chunks`): its end is the last whole fragment written, a second or so behind the camera, and grows. */
                            in_progress: boolean;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    exportRecording: {
        parameters: {
            query?: {
                start_unix?: number;
                end_unix?: number;
                ticket?: string;
                /** @description `true`: one ZIP instead of an MP4 — the original chunks, a manifest (camera, range, their SHA-256 hashes and evidence-chain links, who exported and when) and its Ed25519 signature, checked with `npm run verify -- <file>` (docs/evidence.md). At most 1 h and 2 GB; `video` does not apply. */
                evidence?: boolean;
                /** @description `h264`: a file that plays where only H.264 plays — H.265 footage is transcoded (at most 1 h; the answer starts once it is encoded, about real time for 1080p on a small machine; named `…-h264.mp4`), other footage copied as it is. `any` (default): the footage as recorded. */
                video?: "any" | "h264";
            };
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The range as one MP4 file (or, evidence=true, one ZIP) */
            200: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    /** @description `attachment; filename="camera-<id>-<start>-<end>.mp4"` (`…-h264.mp4` transcoded, `…-evidence.zip` with evidence=true) */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                    "application/zip": string;
                };
            };
            /** @description The requested range of the file (one `Range: bytes=` range) */
            206: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    /** @description `bytes <first>-<last>/<size>` */
                    "content-range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRecordingInProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        /** @description The file being written; its bytes are at `url` (while written and after) */
                        name: string;
                        start_unix: number;
                        end_unix: number;
                        /** Format: date-time */
                        start_time: string;
                        /** Format: date-time */
                        end_time: string;
                        /** @description Video in the whole fragments written so far */
                        duration_seconds: number;
                        /** @description Bytes that may be read now: the init section and whole fragments */
                        size_bytes: number;
                        /** @description Length of the init section (ftyp + moov) at the start */
                        init_bytes: number;
                        /** @description `h264`, `hevc`, or null when another */
                        video_codec: string | null;
                        url: string;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRecordingInProgressFile: {
        parameters: {
            query?: {
                ticket?: string;
            };
            header?: never;
            path: {
                camera_id: number;
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chunk so far (fragmented MP4) */
            200: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The requested range of the file (one `Range: bytes=` range) */
            206: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    /** @description `bytes <first>-<last>/<size>` */
                    "content-range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    checkRecordingIntegrity: {
        parameters: {
            query?: {
                start_unix?: number;
                end_unix?: number;
            };
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        /** Format: date-time */
                        start_time: string;
                        /** Format: date-time */
                        end_time: string;
                        /** Format: date-time */
                        checked_at: string;
                        /** @description every chunk checked matches its link and the chain holds (deleted chunks are explained, not faults) */
                        verified: boolean;
                        chain: {
                            ok: boolean;
                            problem: string | null;
                            head_seq: number | null;
                            signed_seq: number | null;
                            /** Format: date-time */
                            signed_at: string | null;
                            key_fingerprint: string;
                        };
                        gaps: {
                            after_seq: number;
                            /** @description links between these two are missing from the chain */
                            before_seq: number;
                        }[];
                        counts: {
                            ok: number;
                            altered: number;
                            missing: number;
                            deleted: number;
                            unchained: number;
                            elsewhere: number;
                            gaps: number;
                        };
                        chunks: {
                            /** @description the chunk's link in its camera's chain (null: unchained) */
                            seq: number | null;
                            /** Format: date-time */
                            start_time: string;
                            /** Format: date-time */
                            end_time: string;
                            /**
                             * @description `ok`: its bytes match the hash in its link; `altered`: they do not; `missing`: its file is gone, or its row was removed without a link saying so; `deleted`: a link says why and by whom (reason, actor); `unchained`: indexed before the chain existed; `elsewhere`: on another node's disk (reason names it), not checked here
                             * @enum {string}
                             */
                            status: "ok" | "altered" | "missing" | "deleted" | "unchained" | "elsewhere";
                            sha256: string | null;
                            reason: string | null;
                            /** @description `system` or `user:<id>:<username>` */
                            actor: string | null;
                            /** Format: date-time */
                            deleted_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRecordingPlaylist: {
        parameters: {
            query?: {
                start_unix?: number;
                end_unix?: number;
                ticket?: string;
                /** @description `true`: one ZIP instead of an MP4 — the original chunks, a manifest (camera, range, their SHA-256 hashes and evidence-chain links, who exported and when) and its Ed25519 signature, checked with `npm run verify -- <file>` (docs/evidence.md). At most 1 h and 2 GB; `video` does not apply. */
                evidence?: boolean;
                /** @description `h264`: the player decodes only H.264 (browsers without HEVC): H.265 chunks are listed as the segments of their H.264 transcode, made on demand. `any` (default): the chunks as recorded. */
                video?: "any" | "h264";
            };
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HLS VOD playlist: each chunk by byte range, discontinuities between chunks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.mpegurl": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRecordingThumbnail: {
        parameters: {
            query: {
                /** @description The instant (unix milliseconds) */
                at_ms: number;
                /** @description Width of the picture in pixels */
                width?: number;
                ticket?: string;
            };
            header?: never;
            path: {
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview picture */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listReviewItems: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
                camera_id?: number;
                label?: string;
                zone?: string;
                name?: string;
                severity?: "alert" | "detection";
                reviewed?: boolean;
                start_unix?: number;
                end_unix?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: number;
                            camera_id: number;
                            /** Format: date-time */
                            start_time: string;
                            /** Format: date-time */
                            end_time: string | null;
                            /** Format: date-time */
                            clip_start_time: string;
                            /** Format: date-time */
                            clip_end_time: string | null;
                            /** @enum {string} */
                            severity: "alert" | "detection";
                            labels: string[];
                            zones: string[];
                            track_ids: string[];
                            names: string[];
                            boxes: {
                                label: string;
                                confidence: number;
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                            }[];
                            has_snapshot: boolean;
                            /** Format: date-time */
                            snapshot_time: string | null;
                            /** @enum {string} */
                            clip_status: "pending" | "ready" | "unavailable" | "failed";
                            reviewed: boolean;
                            /** Format: date-time */
                            reviewed_at: string | null;
                            snapshot_url: string | null;
                            thumbnail_url: string | null;
                            clip_url: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    markReviewItems: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids?: number[];
                    camera_id?: number;
                    label?: string;
                    zone?: string;
                    name?: string;
                    /** @enum {string} */
                    severity?: "alert" | "detection";
                    start_unix?: number;
                    end_unix?: number;
                    /** @default true */
                    reviewed?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        updated: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getReviewItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        /** Format: date-time */
                        start_time: string;
                        /** Format: date-time */
                        end_time: string | null;
                        /** Format: date-time */
                        clip_start_time: string;
                        /** Format: date-time */
                        clip_end_time: string | null;
                        /** @enum {string} */
                        severity: "alert" | "detection";
                        labels: string[];
                        zones: string[];
                        track_ids: string[];
                        names: string[];
                        boxes: {
                            label: string;
                            confidence: number;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                        }[];
                        has_snapshot: boolean;
                        /** Format: date-time */
                        snapshot_time: string | null;
                        /** @enum {string} */
                        clip_status: "pending" | "ready" | "unavailable" | "failed";
                        reviewed: boolean;
                        /** Format: date-time */
                        reviewed_at: string | null;
                        snapshot_url: string | null;
                        thumbnail_url: string | null;
                        clip_url: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteReviewItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateReviewItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reviewed: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        camera_id: number;
                        /** Format: date-time */
                        start_time: string;
                        /** Format: date-time */
                        end_time: string | null;
                        /** Format: date-time */
                        clip_start_time: string;
                        /** Format: date-time */
                        clip_end_time: string | null;
                        /** @enum {string} */
                        severity: "alert" | "detection";
                        labels: string[];
                        zones: string[];
                        track_ids: string[];
                        names: string[];
                        boxes: {
                            label: string;
                            confidence: number;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                        }[];
                        has_snapshot: boolean;
                        /** Format: date-time */
                        snapshot_time: string | null;
                        /** @enum {string} */
                        clip_status: "pending" | "ready" | "unavailable" | "failed";
                        reviewed: boolean;
                        /** Format: date-time */
                        reviewed_at: string | null;
                        snapshot_url: string | null;
                        thumbnail_url: string | null;
                        clip_url: string | null;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getReviewItemClip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clip, pre-roll to post-roll (MP4, HTTP Range) */
            200: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The requested range of the file (one `Range: bytes=` range) */
            206: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    /** @description `bytes <first>-<last>/<size>` */
                    "content-range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getReviewItemSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshot, boxes drawn (JPEG) */
            200: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description The requested range of the file (one `Range: bytes=` range) */
            206: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    /** @description `bytes <first>-<last>/<size>` */
                    "content-range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getReviewItemThumbnail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshot, 320 px wide (JPEG) */
            200: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description The requested range of the file (one `Range: bytes=` range) */
            206: {
                headers: {
                    /** @description Always `bytes`: one range may be asked for with `Range` */
                    "accept-ranges"?: string;
                    /** @description Bytes in this response */
                    "content-length"?: number;
                    /** @description `bytes <first>-<last>/<size>` */
                    "content-range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not available right now (e.g. the camera gives no picture); try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRecordingSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        retention_days: number;
                        min_free_disk_gb: number;
                        recordings_root: string;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateRecordingSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    retention_days?: number;
                    min_free_disk_gb?: number;
                    recordings_root?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        retention_days: number;
                        min_free_disk_gb: number;
                        recordings_root: string;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRecordingUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the size of every indexed chunk together */
                        recordings_bytes: number;
                        /** @description the size of the volume holding the recordings root; null if unreadable */
                        volume_total_bytes: number | null;
                        /** @description free bytes there (for unprivileged writers); null if unreadable */
                        volume_free_bytes: number | null;
                        /** @description the free-disk floor (min_free_disk_gb) in bytes */
                        min_free_bytes: number;
                        /** @description the free bytes are under the floor: retention is deleting the oldest */
                        below_floor: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listSkills: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        skills: {
                            skill: string;
                            cameras: {
                                camera_id: number;
                                labels: string[] | null;
                                consumers: {
                                    consumer: string;
                                    params: {
                                        [key: string]: unknown;
                                    } | null;
                                    /** Format: date-time */
                                    declared_at: string;
                                }[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    declareSkill: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                skill_id: string;
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    consumer: string;
                    params?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        skill: string;
                        camera_id: number;
                        labels: string[] | null;
                        consumers: {
                            consumer: string;
                            params: {
                                [key: string]: unknown;
                            } | null;
                            /** Format: date-time */
                            declared_at: string;
                        }[];
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    undeclareSkill: {
        parameters: {
            query: {
                consumer: string;
            };
            header?: never;
            path: {
                skill_id: string;
                camera_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    secret_key: string;
                };
            };
        };
        responses: {
            /** @description The encrypted backup file */
            200: {
                headers: {
                    /** @description `attachment; filename="nvr-config-<time>.nvrbak"` */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    restoreBackup: {
        parameters: {
            query?: {
                dry_run?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A file from POST /system/backup
                     */
                    file: string;
                    /** @description The secret_key the backup was made with */
                    secret_key: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dry_run: boolean;
                        applied: boolean;
                        backup_created_at: string;
                        backup_server_version: string;
                        sections: {
                            [key: string]: {
                                in_backup: number;
                                current: number;
                                added: number;
                                removed: number;
                                changed: number;
                                unchanged: number;
                            };
                        };
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The upload is larger than allowed */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is not of a media type this operation takes */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getSigningKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        algorithm: "Ed25519";
                        /** @description The public key, SPKI DER in base64 (`npm run verify -- file --key …`) */
                        public_key: string;
                        /** @description SHA-256 of the public key in hex, in groups of four: write it down to compare with evidence files */
                        fingerprint: string;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                skip?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            id: number;
                            username: string;
                            email: string | null;
                            is_active: boolean;
                            is_superuser: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string | null;
                            /** Format: date-time */
                            last_login_at: string | null;
                            /** @description the account still has the password the recorder generated on first start */
                            password_change_required: boolean;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                    /** Format: email */
                    email?: string | null;
                    /** @default true */
                    is_active?: boolean;
                    /** @default false */
                    is_superuser?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        username: string;
                        email: string | null;
                        is_active: boolean;
                        is_superuser: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** Format: date-time */
                        last_login_at: string | null;
                        /** @description the account still has the password the recorder generated on first start */
                        password_change_required: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    changeOwnPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        username: string;
                        email: string | null;
                        is_active: boolean;
                        is_superuser: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** Format: date-time */
                        last_login_at: string | null;
                        /** @description the account still has the password the recorder generated on first start */
                        password_change_required: boolean;
                    };
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username?: string;
                    password?: string;
                    /** Format: email */
                    email?: string | null;
                    is_active?: boolean;
                    is_superuser?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        username: string;
                        email: string | null;
                        is_active: boolean;
                        is_superuser: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** Format: date-time */
                        last_login_at: string | null;
                        /** @description the account still has the password the recorder generated on first start */
                        password_change_required: boolean;
                    };
                };
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state; `detail` says with what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deactivateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be carried out as sent; `detail` says why */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listUserCameraPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        camera_id: number;
                        can_view: boolean;
                        can_manage: boolean;
                        is_owner: boolean;
                    }[];
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                        version: string;
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format 0.0.4 (`text/plain; version=0.0.4`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Not authenticated: no token, or an expired, revoked or wrong one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller lacks the right for this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}
