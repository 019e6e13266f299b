import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Camera } from '../../api/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/Toast';
import { useBinCamera } from './queries';

/** "Move to bin" with a confirmation: the camera stops, its recordings stay, and the bin can restore it. */
export function BinCameraButton({ camera }: { camera: Camera }) {
  const [open, setOpen] = useState(false);
  const bin = useBinCamera(camera.id);
  const navigate = useNavigate();
  const toast = useToast();

  const confirm = async () => {
    // Leave the camera's page first: while it is mounted, its queries (a refresh, a live event) would ask for the
    // binned camera again and get a 404.
    setOpen(false);
    void navigate('/cameras');
    try {
      await bin.mutateAsync();
      toast({ title: `${camera.name} moved to the bin`, description: 'Restore it from Cameras › Bin.' });
    } catch (error) {
      toast({
        tone: 'error',
        title: `${camera.name} was not moved to the bin`,
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <>
      <Button tone="danger" onClick={() => setOpen(true)}>
        Move to bin
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Move ${camera.name} to the bin?`}
        description="It stops recording and streaming. Its recordings are kept, and you can restore it from the bin."
      >
        <div className="mt-4 flex justify-end gap-3">
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button tone="danger" disabled={bin.isPending} onClick={() => void confirm()}>
            Move to bin
          </Button>
        </div>
      </Dialog>
    </>
  );
}
