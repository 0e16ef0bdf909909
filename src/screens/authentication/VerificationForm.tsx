import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope, VerificationStatus } from '../../../protocol';
import { authenticationSchema, CERTIFICATION } from '../../../protocol/accounts';
import { DOC_TYPES, IMAGE_MAX_BYTES, IMAGE_TYPES, type DocType } from '../../../protocol/accountRules';
import { userApi } from '../../api/user';
import { SubmitButton } from '../../components/form/SubmitButton';
import { TextField } from '../../components/form/TextField';
import { ImagePicker } from '../../components/ImagePicker';
import { Segmented } from '../../components/Segmented';
import { useForm } from '../../hooks/useForm';
import { updateUserInfo } from '../../state/session';
import { showToast } from '../../state/ui';
import { DOC_LABELS, storeCertification } from './status';

type Side = 'frontImage' | 'backImage';

/** Under each of the two tiles, a missing image is said in a word: the schema's sentence ("upload
 * both sides") twice over, side by side, read as one long repeated message. */
const tileError = (key: string) => (key === 'app.msg.image_required' ? 'app.msg.field_required' : key);

interface Slot {
  /** The picked file, shown as the preview. */
  file: File | null;
  /** Upload progress 0–1 while the upload is out, else null. */
  progress: number | null;
}

const EMPTY: Slot = { file: null, progress: null };
const MESSAGE_MS = 2000;

const DOC_PLACEHOLDERS: Record<DocType, string> = {
  idCard: 'kyc.docNumberPlaceholder.idCard',
  passport: 'kyc.docNumberPlaceholder.passport',
};
const SIDES: ReadonlyArray<{ side: Side; label: string }> = [
  { side: 'frontImage', label: 'kyc.front' },
  { side: 'backImage', label: 'kyc.back' },
];

/** The server's refusals of one field; an image it refuses (`data.field`) is said under its tile. */
const ID_REFUSALS = {
  atFields: {
    name: ['app.msg.real_name_invalid'],
    docNumber: ['app.msg.doc_number_invalid', 'app.msg.duplicate_document_number'],
    frontImage: [],
    backImage: [],
  },
};

const acceptedType = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type);

/** Why a picked file is refused by its type. A picker offering all files lets a PDF through, which
 * is no image at all; an image the server does not take, or a file the browser cannot name, is
 * another format. */
const typeProblem = (type: string) =>
  type && !type.startsWith('image/') ? 'app.msg.upload_not_image' : 'app.msg.upload_format';

/**
 * The verification form: name, document type and number, and both sides of the document. Each
 * image is checked (type, size) and uploaded as soon as it is picked; the form sends the upload
 * ids, checked by the same schema the server applies.
 */
export const VerificationForm = ({
  onSubmitted,
  refused,
}: {
  onSubmitted: (status: VerificationStatus) => void;
  /** A refused submission: its name and document type are written again for the reader to
   * correct. Its number comes back masked, so it and the images are asked for anew. */
  refused?: VerificationStatus;
}) => {
  const { t } = useTranslation();
  const form = useForm(authenticationSchema, {
    name: refused?.name ?? '',
    docType: refused?.docType ?? 'idCard',
    docNumber: '',
    frontImage: '',
    backImage: '',
  });
  const [slots, setSlots] = useState<Record<Side, Slot>>({ frontImage: EMPTY, backImage: EMPTY });
  // Each side's upload under way. A side picked again cancels its last upload rather than only
  // ignoring its answer: that one would go on sending its megabytes, be stored, and count among
  // the two uploads a user may have under way, refusing the other side's (too_many_requests).
  const uploads = useRef<Partial<Record<Side, AbortController>>>({});
  const { set } = form;

  useEffect(() => {
    const current = uploads.current;
    return () => {
      // Leaving the screen: what is still being sent is not wanted.
      current.frontImage?.abort();
      current.backImage?.abort();
    };
  }, []);

  const pick = (side: Side, file: File) => {
    if (!acceptedType(file.type)) {
      showToast(t(typeProblem(file.type)), MESSAGE_MS);
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      showToast(t('app.msg.upload_size'), MESSAGE_MS);
      return;
    }
    uploads.current[side]?.abort();
    const upload = new AbortController();
    uploads.current[side] = upload;
    const latest = () => !upload.signal.aborted;
    const update = (slot: Partial<Slot>) => setSlots((s) => ({ ...s, [side]: { ...s[side], ...slot } }));
    set(side, '');
    update({ file, progress: 0 });
    userApi
      .upload(
        file,
        (fraction) => {
          // Sent is not stored: the bar waits just short of full until the server answers.
          if (latest()) update({ progress: Math.min(fraction, 0.99) });
        },
        upload.signal,
      )
      .then(
        (stored) => {
          if (!latest()) return;
          set(side, stored.id);
          update({ progress: null });
        },
        () => {
          // The REST client has shown why; the tile empties so the reader picks again.
          if (latest()) setSlots((s) => ({ ...s, [side]: EMPTY }));
        },
      );
  };

  const uploading = slots.frontImage.progress !== null || slots.backImage.progress !== null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (uploading) {
      showToast(t('kyc.waitUpload'), MESSAGE_MS);
      return;
    }
    void form.submit(async (body) => {
      const status = await userApi.submitVerification(body).catch((err: unknown) => {
        const msg = (err as Envelope | undefined)?.msg;
        // Sent from another tab or device meanwhile: this form can no longer be sent, so the
        // screen shows the state the server holds (the toast has said why).
        if (msg === 'app.msg.verification_pending' || msg === 'app.msg.verification_done')
          return userApi.verification();
        throw err;
      });
      const certification = status.certification ?? CERTIFICATION.underReview;
      storeCertification(certification);
      onSubmitted({ ...status, certification });
      // The full userinfo, fresh, for the gates and the account screens.
      userApi.info().then(updateUserInfo, () => undefined);
    }, ID_REFUSALS);
  };

  const docType = form.values.docType as DocType;

  return (
    <form className="form kyc-form" onSubmit={onSubmit} noValidate>
      <p className="form__intro">{t('kyc.intro')}</p>
      <TextField
        label={t('kyc.name')}
        placeholder={t('kyc.namePlaceholder')}
        autoComplete="name"
        {...form.field('name')}
      />
      <Segmented
        label={t('kyc.docTypeLabel')}
        options={DOC_TYPES.map((value) => ({ value, label: t(DOC_LABELS[value]) }))}
        value={docType}
        onChange={(v) => form.set('docType', v)}
        error={form.errors.docType && t(form.errors.docType)}
      />
      <TextField
        label={t('kyc.docNumber')}
        placeholder={t(DOC_PLACEHOLDERS[docType])}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.field('docNumber')}
      />
      <fieldset className="kyc-images">
        <legend className="field__label">{t('kyc.images')}</legend>
        <div className="kyc-images__grid">
          {SIDES.map(({ side, label }) => (
            <ImagePicker
              key={side}
              label={t(label)}
              prompt={t('kyc.pick')}
              file={slots[side].file}
              onPick={(file) => pick(side, file)}
              progress={slots[side].progress}
              progressLabel={t('kyc.uploading', { side: t(label) })}
              done={Boolean(form.values[side])}
              doneLabel={t('kyc.uploaded')}
              error={form.errors[side] && t(tileError(form.errors[side]))}
            />
          ))}
        </div>
        <p className="kyc-images__hint">{t('kyc.imageHint', { size: IMAGE_MAX_BYTES / 1024 / 1024 })}</p>
      </fieldset>
      <SubmitButton busy={form.submitting}>{t('kyc.submit')}</SubmitButton>
      <p className="kyc-privacy">{t('kyc.privacy')}</p>
    </form>
  );
};
