// Server state of the face library (superusers only): the gallery of the adapter that serves face_recognition,
// through the recorder's /faces/persons proxy. Every query lives under ['faces'], so a change refreshes it all.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, unwrap } from '../../api/client';
import type { JsonOf } from '../../api/types';
import type { paths } from '../../api/schema';

export type GalleryList = JsonOf<paths['/api/v1/faces/persons']['get']['responses'][200]>;
export type GalleryPerson = GalleryList['persons'][number];

export function useGallery(enabled = true) {
  return useQuery({
    queryKey: ['faces', 'list'],
    enabled,
    queryFn: async () => unwrap(await api.GET('/api/v1/faces/persons')),
    retry: false,
  });
}

/** A picture file as base64 (what the recorder takes), read in the browser. */
export async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * What went wrong, in words that name it: the adapter's refusals come through the recorder as
 * "<status> <code>: <sentence>", so the sentence is kept and prefixed with what kind of refusal it was.
 */
export function describeFaceError(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const sentence = error.message.replace(/^\d{3} [a-z_]+: /, '');
  switch (error.code) {
    case 'no_face':
      return `No face found in the picture: ${sentence}`;
    case 'several_faces':
      return `The picture shows several faces; use one with a single face: ${sentence}`;
    case 'person_exists':
      return `That name is taken: ${sentence}`;
    case 'face_exists':
      return `That face is already in the library: ${sentence}`;
    case 'person_not_found':
    case 'face_not_found':
      return `Not in the library any more (someone else may have removed it): ${sentence}`;
  }
  if (error.status === 502) return `The AI adapter cannot be reached: ${sentence}`;
  if (error.status === 503) return `${sentence}. Start an AI adapter that serves face recognition.`;
  if (error.status === 403) return 'Only administrators may manage the face library.';
  if (error.status === 413) return `The pictures are too large: ${sentence}`;
  return sentence;
}

function useGalleryChange<Vars, Result>(change: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['faces', 'list'] }),
  });
}

export function useCreatePerson() {
  return useGalleryChange(
    async ({ name, images, force }: { name: string; images: string[]; force: boolean }) =>
      unwrap(await api.POST('/api/v1/faces/persons', { body: { name, images, force } })),
  );
}

export function useAddFaces() {
  return useGalleryChange(async ({ id, images, force }: { id: string; images: string[]; force: boolean }) =>
    unwrap(
      await api.POST('/api/v1/faces/persons/{id}/faces', {
        params: { path: { id } },
        body: { images, force },
      }),
    ),
  );
}

export function useRenamePerson() {
  return useGalleryChange(async ({ id, name }: { id: string; name: string }) =>
    unwrap(await api.PATCH('/api/v1/faces/persons/{id}', { params: { path: { id } }, body: { name } })),
  );
}

export function useMergePersons() {
  return useGalleryChange(async ({ id, from }: { id: string; from: string }) =>
    unwrap(await api.POST('/api/v1/faces/persons/{id}/merge', { params: { path: { id } }, body: { from } })),
  );
}

export function useDeletePerson() {
  return useGalleryChange(async (id: string) =>
    unwrap(await api.DELETE('/api/v1/faces/persons/{id}', { params: { path: { id } } })),
  );
}

export function useDeleteFace() {
  return useGalleryChange(async ({ id, faceId }: { id: string; faceId: string }) =>
    unwrap(
      await api.DELETE('/api/v1/faces/persons/{id}/faces/{faceId}', {
        params: { path: { id, faceId } },
      }),
    ),
  );
}

/**
 * A face's crop as an object URL: the crop route needs the access token, which an <img> cannot send, so the
 * picture is fetched with the API client and shown from memory (freed when the thumbnail goes).
 */
export function useFaceCrop(id: string, faceId: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    let url: string | null = null;
    let gone = false;
    void (async () => {
      const { data, response } = await api.GET('/api/v1/faces/persons/{id}/faces/{faceId}/crop', {
        params: { path: { id, faceId } },
        parseAs: 'blob',
      });
      if (gone) return;
      if (!response.ok || !data) return setState({ url: null, failed: true });
      url = URL.createObjectURL(data);
      setState({ url, failed: false });
    })().catch(() => !gone && setState({ url: null, failed: true }));
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, faceId]);
  return state;
}

/** The face around one of a review item's boxes (null: the whole snapshot), as a new person or someone's. */
export function useAddFromReview() {
  return useGalleryChange(
    async (body: {
      review_item_id: number;
      box: number | null;
      name?: string;
      person_id?: string;
      force: boolean;
    }) => unwrap(await api.POST('/api/v1/faces/persons/from-review', { body })),
  );
}
