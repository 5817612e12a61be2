import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '@haat/contracts';
import { ImagePlus, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { uploadImage } from '../../lib/upload.ts';

const ACCEPT = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

interface Pending {
  key: string;
  name: string;
  preview: string;
  progress: number;
}

/** Why a chosen file cannot be uploaded, or null. The server checks again (it reads the bytes). */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/') || !ACCEPT.includes(file.type))
    return `${file.name} is not a PNG, JPG, GIF or WebP image`;
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is larger than 10MB`;
  return null;
}

/** Uploads chosen files at once (at most the room left), with their progress and why others were refused. */
function useImageUploads(
  images: string[],
  onAdd: (url: string) => void,
  onBusyChange: (busy: boolean) => void,
) {
  const { session } = useSession();
  const { shop } = useSelectedShop();
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const room = MAX_PRODUCT_IMAGES - images.length - pending.length;

  useEffect(() => onBusyChange(pending.length > 0), [pending.length, onBusyChange]);

  const upload = async (file: File) => {
    const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
    const preview = URL.createObjectURL(file);
    setPending((p) => [...p, { key, name: file.name, preview, progress: 0 }]);
    try {
      const url = await uploadImage(file, {
        storeId: shop?.id ?? '',
        kind: 'product',
        token: session?.accessToken,
        errorMessage: `${file.name} could not be uploaded`,
        silent: true,
        onProgress: (progress) => setPending((p) => p.map((x) => (x.key === key ? { ...x, progress } : x))),
      });
      onAdd(url);
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'The image could not be uploaded';
      setProblems((p) => [...p, `${file.name}: ${message}`]);
    } finally {
      setPending((p) => p.filter((x) => x.key !== key));
      URL.revokeObjectURL(preview);
    }
  };

  const choose = (files: FileList | File[]) => {
    const next: string[] = [];
    let left = room;
    for (const file of [...files]) {
      const problem = imageProblem(file);
      if (problem) next.push(problem);
      else if (left <= 0)
        next.push(`${file.name} was not added: a product has at most ${MAX_PRODUCT_IMAGES} images`);
      else {
        left--;
        void upload(file);
      }
    }
    setProblems(next);
  };
  return { pending, problems, room, choose };
}

/** The product's images (the first is the main one, each removable) and the uploads under way. */
function ImageTiles({
  images,
  pending,
  onRemove,
}: {
  images: string[];
  pending: Pending[];
  onRemove: (url: string) => void;
}) {
  return (
    <ul aria-label="Product images" className="mt-1.5 grid grid-cols-3 gap-2 sm:grid-cols-5">
      {images.map((src, i) => (
        <li key={src} className="group relative aspect-square">
          <img
            src={src}
            alt={`Product view ${i + 1}`}
            className="size-full rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
          />
          {i === 0 ? (
            <span className="absolute bottom-1 left-1 rounded bg-slate-900/75 px-1.5 py-0.5 text-[10px] font-semibold text-white">
              Main
            </span>
          ) : null}
          <button
            type="button"
            onClick={() => onRemove(src)}
            aria-label={`Remove image ${i + 1}`}
            className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow ring-1 ring-slate-200 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <X aria-hidden className="size-4" />
          </button>
        </li>
      ))}
      {pending.map((p) => (
        <li key={p.key} className="relative aspect-square">
          <img src={p.preview} alt="" className="size-full rounded-lg object-cover opacity-50" />
          <span
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-1 text-xs font-semibold text-slate-800"
          >
            <Spinner className="size-5" />
            <span>{p.progress < 1 ? `${Math.round(p.progress * 100)}%` : 'Processing'}</span>
            <span className="sr-only">Uploading {p.name}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The drop zone and file input for more images. */
function DropZone({
  id,
  added,
  described,
  onFiles,
}: {
  id: string;
  added: number;
  described: boolean;
  onFiles: (files: FileList) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    onFiles(e.dataTransfer.files);
  };
  return (
    <label
      htmlFor={id}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`mt-2 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100 ${
        dragging
          ? 'border-brand-500 bg-brand-50'
          : 'border-slate-300 hover:border-brand-500 hover:bg-slate-50'
      }`}
    >
      <ImagePlus aria-hidden className="size-6 text-slate-400" />
      <span className="text-sm font-semibold text-brand-700">Upload images</span>
      <span className="text-xs text-slate-500">PNG, JPG, GIF up to 10MB each</span>
      <span className="text-xs text-slate-500">
        {added} of {MAX_PRODUCT_IMAGES} added
      </span>
      <input
        id={id}
        type="file"
        accept={ACCEPT.join(',')}
        multiple
        aria-describedby={described ? `${id}-problems` : undefined}
        onChange={(e) => {
          if (e.target.files) onFiles(e.target.files);
          e.target.value = '';
        }}
        className="sr-only"
      />
    </label>
  );
}

/**
 * Product photos (02 §5): up to 5, images only, 10 MB each. Each file is uploaded as soon as it is chosen (the
 * server re-encodes it for the web) and its address joins the form; previews show the uploaded image.
 */
export function ImagePicker({
  images,
  onAdd,
  onRemove,
  onBusyChange,
  error,
}: {
  images: string[];
  onAdd: (url: string) => void;
  onRemove: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}) {
  const id = useId();
  const { pending, problems, room, choose } = useImageUploads(images, onAdd, onBusyChange);
  return (
    <fieldset className="min-w-0">
      <legend className="block text-sm font-medium text-slate-800">Images</legend>
      <ImageTiles images={images} pending={pending} onRemove={onRemove} />
      {room > 0 ? (
        <DropZone
          id={id}
          added={images.length + pending.length}
          described={problems.length > 0 || !!error}
          onFiles={choose}
        />
      ) : (
        <p className="mt-2 text-xs text-slate-500">
          {MAX_PRODUCT_IMAGES} of {MAX_PRODUCT_IMAGES} images added. Remove one to add another.
        </p>
      )}
      {problems.length || error ? (
        <ul id={`${id}-problems`} role="alert" className="mt-1.5 space-y-0.5 text-sm text-red-600">
          {error ? <li>{error}</li> : null}
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
